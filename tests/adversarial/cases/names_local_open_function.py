"""A project function named `open` (not the builtin) and a `str()` of a shape."""
import torch
from torch import nn


def open(gate):
    return gate.sigmoid()


class Model(nn.Module):
    def forward(self, x):
        label = str(x.shape[0])
        return open(x) * len(label)


def example():
    return Model(), (torch.randn(2, 3),)
