"""A class-based decorator traces helper calls: its __call__ prints the wrapped function's name when verbose,
and a helper that forward calls is decorated with it."""
import functools

import torch
from torch import nn


class traced:
    verbose = True

    def __init__(self, fn):
        functools.update_wrapper(self, fn)
        self.fn = fn

    def __call__(self, *args, **kwargs):
        if self.verbose:
            print("calling", self.fn.__name__)  # expect: CL131
        return self.fn(*args, **kwargs)


@traced
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
