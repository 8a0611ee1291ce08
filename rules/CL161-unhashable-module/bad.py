import torch
from torch import nn


class Scale(nn.Module):
    """Compared by its size, as a config object would be: defining `__eq__` alone drops the hash."""

    def __init__(self, dim):
        super().__init__()
        self.dim = dim
        self.scale = nn.Parameter(torch.ones(dim))

    def __eq__(self, other):
        return isinstance(other, Scale) and self.dim == other.dim

    def forward(self, x):
        x = x * 2
        return x * self.scale  # expect: CL161


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.scale = Scale(dim)

    def __eq__(self, other):
        return isinstance(other, Block)

    def forward(self, x):
        if self.training:  # expect: CL161
            x = x + 1
        return self.scale(self.proj(x))


def example():
    return Block(8), (torch.randn(2, 8),)
