"""The LayerScale twin: the fast path tests the Python `init_values` kept at construction, not the parameter."""
import torch
from torch import nn


class LayerScale2d(nn.Module):
    def __init__(self, dim, init_values=1e-5):
        super().__init__()
        self.init_values = init_values
        self.gamma = nn.Parameter(init_values * torch.ones(dim))

    def forward(self, x):
        if self.init_values == 0:
            return x
        return x * self.gamma.view(1, -1, 1, 1)


class Block(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.conv = nn.Conv2d(dim, dim, 3, padding=1)
        self.ls = LayerScale2d(dim, init_values=0.0)

    def forward(self, x):
        return x + self.ls(self.conv(x))


def example():
    return Block(), (torch.randn(2, 3, 4, 4),)
