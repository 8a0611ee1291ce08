"""An MAE-style encoder masks random patches; the mask ratio is a buffer (so a schedule can anneal it in place),
and the number of patches kept is computed from it."""
import torch
from torch import nn


class RandomMasking(nn.Module):
    def __init__(self, mask_ratio=0.5):
        super().__init__()
        self.register_buffer("mask_ratio", torch.tensor(mask_ratio))

    def forward(self, x):
        B, L, D = x.shape
        len_keep = int(L * (1 - self.mask_ratio))  # expect: CL111
        noise = torch.rand(B, L, device=x.device)
        ids_keep = torch.argsort(noise, dim=1)[:, :len_keep]
        return torch.gather(x, 1, ids_keep.unsqueeze(-1).expand(-1, -1, D))


class MaskedEncoder(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.masking = RandomMasking()
        self.proj = nn.Linear(dim, dim)

    def forward(self, tokens):
        return self.proj(self.masking(tokens))


def example():
    return MaskedEncoder(), (torch.randn(2, 6, 4),)
