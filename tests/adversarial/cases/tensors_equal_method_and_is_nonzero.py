"""`x.equal(y)` in a condition (a data-dependent operator)."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, y):
        h = x * 2
        if h.equal(y):  # expect: CL102
            return h
        return h + y


def example():
    return Model(), (torch.randn(2, 3), torch.randn(2, 3))
