"""Iterating an nn.ModuleList with enumerate and indexing it by an int compile."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(3, 3) for _ in range(2))

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(x) * (i + 1)
        return self.layers[-1](x)


def example():
    return Model(), (torch.randn(2, 3),)
