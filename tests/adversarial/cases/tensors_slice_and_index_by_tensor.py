"""Indexing a tensor with a 0-d tensor compiles; slicing with one, or indexing a ModuleList, breaks."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Identity() for _ in range(2))

    def forward(self, x, k: torch.Tensor):
        row = x[k]
        head = x[:k]  # expect: CL114
        return row.sum() + head.sum()


def example():
    return Model(), (torch.randn(3, 3), torch.tensor(1))
