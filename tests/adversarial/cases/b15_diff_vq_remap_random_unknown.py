"""A VQ layer remaps codebook indices to the used subset; indices that are not in it get random used ones,
sized by a boolean-mask read."""
import torch
from torch import nn


class RemapQuantizer(nn.Module):
    def __init__(self, n_e=8, dim=4, used=(0, 2, 3, 5)):
        super().__init__()
        self.embedding = nn.Embedding(n_e, dim)
        self.register_buffer("used", torch.tensor(used))
        self.re_embed = len(used)
        self.unknown_index = "random"

    def remap_to_used(self, inds):
        match = (inds[:, None] == self.used[None, :]).long()
        new = match.argmax(-1)
        unknown = match.sum(1) < 1
        if self.unknown_index == "random":
            new[unknown] = torch.randint(0, self.re_embed, size=new[unknown].shape)  # expect: CL122
        return new

    def forward(self, z):
        d = torch.cdist(z, self.embedding.weight)
        inds = d.argmin(-1)
        return self.remap_to_used(inds)


def example():
    return RemapQuantizer(), (torch.randn(6, 4),)
