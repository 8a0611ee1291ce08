"""A class-based decorator that validates ranks before calling the wrapped helper (shape tests and a raise that
never runs), with its verbose print switched off."""
import functools

import torch
from torch import nn


class checked:
    verbose = False

    def __init__(self, fn):
        functools.update_wrapper(self, fn)
        self.fn = fn

    def __call__(self, *args, **kwargs):
        if any(a.dim() != 2 for a in args if isinstance(a, torch.Tensor)):
            raise ValueError(f"{self.fn.__name__} expects 2-D inputs")
        if self.verbose:
            print("calling", self.fn.__name__)
        return self.fn(*args, **kwargs)


@checked
def gated_residual(x, gate):
    return x + torch.sigmoid(gate) * x


class GatedBlock(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.gate = nn.Linear(dim, dim)

    def forward(self, x):
        return gated_residual(x, self.gate(x))


def example():
    return GatedBlock(), (torch.randn(2, 4),)
