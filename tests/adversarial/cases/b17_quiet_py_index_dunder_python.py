"""A step counter object with `__index__` over a Python int; the scale list is indexed with it."""
import torch
from torch import nn


class StepCounter:
    def __init__(self, value=1):
        self.value = value

    def __index__(self):
        return self.value


class Scheduled(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = [1.0, 0.5, 0.25]
        self.step = StepCounter()

    def forward(self, x):
        return x * self.scales[self.step]


def example():
    return Scheduled(), (torch.randn(2, 3),)
