"""Tensors unpacked from `chunk` compared in a condition."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        a, b = x.chunk(2, dim=-1)
        if a.mean() > b.mean():  # expect: CL101
            return a
        return b


def example():
    return Model(), (torch.randn(2, 4),)
