"""A module method named `item` and a container attribute `items`: not Tensor.item."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = {"a": 1.0, "b": 2.0}

    def item(self):
        return 3.0

    def forward(self, x):
        total = sum(v for _, v in self.table.items())
        return x * self.item() + total


def example():
    return Model(), (torch.randn(2, 3),)
