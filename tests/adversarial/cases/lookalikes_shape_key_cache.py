"""A dict keyed by a shape tuple, read in forward."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = {(2, 3): 0.5}

    def forward(self, x):
        key = tuple(x.shape)
        if key in self.scales:
            x = x * self.scales[key]
        return x


def example():
    return Model(), (torch.randn(2, 3),)
