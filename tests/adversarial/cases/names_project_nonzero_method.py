"""A project class with a `.nonzero()` method and a `.unique()` method: Python, not torch."""
import torch
from torch import nn


class Counter:
    def __init__(self):
        self.count = 2

    def nonzero(self):
        return self.count != 0

    def unique(self):
        return {self.count}


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.counter = Counter()

    def forward(self, x):
        if self.counter.nonzero():
            x = x * len(self.counter.unique())
        return x


def example():
    return Model(), (torch.randn(2, 3),)
