"""`sorted` of Python ints, builtin `max` over tensors and `min` of shapes compile."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, a, b):
        dims = sorted([a.shape[-1], b.shape[-1]], reverse=True)
        top = max(a.sum(), b.sum())
        return (a[:, : dims[0]] + b) * top


def example():
    return Model(), (torch.randn(2, 3), torch.randn(2, 3))
