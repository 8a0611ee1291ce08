"""A module method named `print` and an attribute called `time`: not the builtin or the module."""
import time

import torch
from torch import nn


class Clock:
    def __init__(self):
        self.ticks = 0

    def time(self):
        return 1.0


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.clock = Clock()

    def print(self, *parts):
        return len(parts)

    def forward(self, x):
        self.print("shape", x.shape)
        return x * self.clock.time()


def example():
    _ = time.time
    return Model(), (torch.randn(2, 3),)
