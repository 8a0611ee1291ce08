"""A ReZero residual decides in __init__ (with `math.isclose` on the Python init value) whether to keep a gate;
forward only reads the stored Python flag."""
import math

import torch
from torch import nn


class ReZeroBlock(nn.Module):
    def __init__(self, dim=4, init=0.1):
        super().__init__()
        self.fn = nn.Sequential(nn.Linear(dim, dim), nn.GELU())
        self.gated = not math.isclose(init, 1.0)
        self.alpha = nn.Parameter(torch.tensor(init)) if self.gated else None

    def forward(self, x):
        if not self.gated:
            return x + self.fn(x)
        return x + self.alpha * self.fn(x)


def example():
    return ReZeroBlock(), (torch.randn(2, 4),)
