"""A method reached through `getattr(self, name)` is compiled."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, mode="noisy"):
        super().__init__()
        self.mode = mode

    def _noisy(self, x):
        print("noisy path")  # expect: CL131
        return x * 2

    def _quiet(self, x):
        return x * 3

    def forward(self, x):
        h = x + 1
        return getattr(self, "_" + self.mode)(h)


def example():
    return Model(), (torch.randn(2, 3),)
