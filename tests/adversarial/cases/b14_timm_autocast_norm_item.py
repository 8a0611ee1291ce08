"""Norm computed in float32 under `torch.autocast(..., enabled=False)`; inside the block the norm's value is
read with `.item()` to pick an epsilon."""
import torch
from torch import nn


class Fp32Norm(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        with torch.autocast("cpu", enabled=False):
            x = x.float()
            eps = 1e-6 if x.abs().max().item() > 1.0 else 1e-8  # expect: CL111
            x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)
        return x * self.weight


def example():
    return Fp32Norm(), (torch.randn(2, 3, 8),)
