"""A layer scale that warms up with the number of updates, counted in a buffer: the warm-up factor goes
through math.exp of the buffer."""
import math

import torch
from torch import nn


class WarmupLayerScale(nn.Module):
    def __init__(self, dim, init_values=1e-5, tau=100.0):
        super().__init__()
        self.gamma = nn.Parameter(init_values * torch.ones(dim))
        self.tau = tau
        self.register_buffer("updates", torch.zeros(()))

    def forward(self, x):
        if self.training:
            self.updates += 1
        warm = 1.0 - math.exp(-self.updates / self.tau)  # expect: CL113
        return x * (self.gamma * warm)


class Block(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.ls = WarmupLayerScale(dim)

    def forward(self, x):
        return x + self.ls(self.fc(x))


def example():
    return Block(), (torch.randn(2, 4, 8),)
