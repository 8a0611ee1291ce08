"""The warm-up layer scale with the step kept as a Python number on the schedule object and handed in:
math.exp and builtin min of Python floats."""
import math

import torch
from torch import nn


class WarmupLayerScale(nn.Module):
    def __init__(self, dim, init_values=1e-5, tau=100.0, warmup=10):
        super().__init__()
        self.gamma = nn.Parameter(init_values * torch.ones(dim))
        self.tau = tau
        self.warmup = warmup

    def forward(self, x, step=5):
        warm = min(1.0, step / self.warmup) * (1.0 - math.exp(-step / self.tau))
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
