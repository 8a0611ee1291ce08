"""A ReZero residual skips its branch while its learnable scalar gate is still (close to) zero, tested with
`math.isclose` on the 0-d parameter."""
import math

import torch
from torch import nn


class ReZeroBlock(nn.Module):
    def __init__(self, dim=4, init=0.1):
        super().__init__()
        self.fn = nn.Sequential(nn.Linear(dim, dim), nn.GELU())
        self.alpha = nn.Parameter(torch.tensor(init))

    def forward(self, x):
        if math.isclose(self.alpha, 0.0, abs_tol=1e-8):  # expect: CL113
            return x
        return x + self.alpha * self.fn(x)


def example():
    return ReZeroBlock(), (torch.randn(2, 4),)
