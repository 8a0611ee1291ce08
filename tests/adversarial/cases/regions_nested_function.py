"""A nested function defined and called in forward is compiled."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        def positive(t):
            return t.nonzero()  # expect: CL121

        h = x * 2
        return positive(h).sum()


def example():
    return Model(), (torch.randn(2, 3),)
