"""A basis function scripted only under a setting, chosen with a conditional expression and with a config dict:
off by default, so the eager function runs and dynamo inlines it."""
import torch
from torch import nn


def _harmonics(x, y, z):
    return torch.stack([x, y, z, x * y], dim=-1)


class Harmonics(nn.Module):
    def __init__(self, jit=False, opts=None):
        super().__init__()
        opts = opts or {"script": False}
        self.fn = torch.jit.script(_harmonics) if jit else _harmonics
        self.fn2 = torch.jit.script(_harmonics) if opts["script"] else _harmonics

    def forward(self, x):
        return self.fn(x[..., 0], x[..., 1], x[..., 2]) + self.fn2(x[..., 0], x[..., 1], x[..., 2])


def example():
    return Harmonics(), (torch.randn(3, 3),)
