"""A step counter object with `__index__`: the list of per-step scales is indexed with it, and `__index__`
reads the counter tensor as a Python int."""
import torch
from torch import nn


class StepCounter:
    def __init__(self):
        self.value = torch.zeros((), dtype=torch.long)

    def __index__(self):
        return int(self.value)  # expect: CL111


class Scheduled(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = [1.0, 0.5, 0.25]
        self.step = StepCounter()

    def forward(self, x):
        return x * self.scales[self.step]


def example():
    return Scheduled(), (torch.randn(2, 3),)
