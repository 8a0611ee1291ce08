"""A lambda with a default argument bound at construction; it tests the rank, a Python fact."""
import torch
from torch import nn


class Flattener(nn.Module):
    def __init__(self, rank=3):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.is_sequence = lambda t, rank=rank: t.dim() == rank

    def forward(self, x):
        if self.is_sequence(x):
            x = x.mean(1)
        return self.lin(x)


def example():
    return Flattener(), (torch.randn(2, 3, 4),)
