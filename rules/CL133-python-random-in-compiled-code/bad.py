import math
import random

import torch
from torch import nn


class RandomDepth(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        h = self.proj(x)
        if random.random() < 0.5:  # expect: CL133
            h = h * 2
        scale = random.choice([0.5, 1.0])  # expect: CL133
        return h * scale


class RandomShift(nn.Module):
    """lightweight-gan's rand_offset: a replayed draw in Python arithmetic."""

    def forward(self, x):
        shift = random.randint(0, 2) * 2 - 2  # expect: CL133
        return torch.roll(x, shifts=shift, dims=1)


class RandomRotate(nn.Module):
    """A point-cloud augmentation: the replayed draw times `math.pi`, a Python float."""

    def forward(self, pos):
        angle = math.pi * random.uniform(-15.0, 15.0) / 180.0  # expect: CL133
        return pos * math.cos(angle)


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.depth = RandomDepth()
        self.shift = RandomShift()
        self.rotate = RandomRotate()

    def forward(self, x):
        return self.depth(x).sum() + self.shift(x).sum() + self.rotate(x).sum()


def example():
    return Both(), (torch.randn(2, 8),)
