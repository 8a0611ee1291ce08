import torch
from torch import nn


class Scale(nn.Module):
    """Compared by its size, and still hashed by identity, as every module is."""

    def __init__(self, dim):
        super().__init__()
        self.dim = dim
        self.scale = nn.Parameter(torch.ones(dim))

    def __eq__(self, other):
        return isinstance(other, Scale) and self.dim == other.dim

    __hash__ = nn.Module.__hash__

    def forward(self, x):
        return x * self.scale


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.scale = Scale(dim)

    def forward(self, x):
        return torch.sigmoid(self.scale(self.proj(x)))


def example():
    return Block(8), (torch.randn(2, 8),)
