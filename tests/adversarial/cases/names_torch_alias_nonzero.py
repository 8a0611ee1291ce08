"""`import torch as th`: the alias must resolve to torch."""
import torch as th
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        idx = th.nonzero(x > 0)  # expect: CL121
        return idx.sum()


def example():
    return Model(), (th.randn(2, 3),)
