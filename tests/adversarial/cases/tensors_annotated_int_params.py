"""Annotated int/bool/float parameters in conditions and ranges: no break."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, repeats: int = 2, flip: bool = False, eps: float = 1e-5):
        for _ in range(repeats):
            x = x * 0.5
        if flip and eps > 0:
            x = x.flip(0)
        return x[:repeats]


def example():
    return Model(), (torch.randn(3, 3),)
