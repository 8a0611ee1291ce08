"""forward_intermediates: the requested block indices are normalised by a helper that turns them into a tensor
(negative indices wrap around) and hands back a list; the list comes from a tensor built from constants."""
import torch
from torch import nn


def feature_take_indices(num_blocks, indices):
    idx = torch.as_tensor(indices)
    idx = torch.where(idx < 0, idx + num_blocks, idx)
    take = idx.tolist()  # expect: CL112
    return take, max(take)


class TinyViT(nn.Module):
    def __init__(self, dim=4, depth=4):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(dim, dim) for _ in range(depth))
        self.norm = nn.LayerNorm(dim)

    def forward_intermediates(self, x, indices=(-1, -2)):
        take_indices, max_index = feature_take_indices(len(self.blocks), list(indices))
        intermediates = []
        for i, blk in enumerate(self.blocks[:max_index + 1]):
            x = blk(x)
            if i in take_indices:
                intermediates.append(x)
        return self.norm(x), intermediates

    def forward(self, x):
        x, feats = self.forward_intermediates(x)
        return x + sum(feats)


def example():
    return TinyViT(), (torch.randn(2, 3, 4),)
