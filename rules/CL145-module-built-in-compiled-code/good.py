import torch
from torch import nn


class Scale(nn.Module):
    """A project module built in `forward` whose constructor does not break compiles."""

    def __init__(self, factor):
        super().__init__()
        self.factor = factor


class Eager(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.w = nn.Parameter(torch.ones(8))

    def forward(self, x):
        h = nn.ReLU()(self.proj(x))  # parameter-free layers are fine
        return nn.Dropout(0.0)(h) * self.w * Scale(2.0).factor


def example():
    return Eager(), (torch.randn(2, 8),)
