"""The progress object keeps a Python int: __int__ and __index__ return it, and the slice and operator.index
read them."""
import operator

import torch
from torch import nn


class Progress:
    def __init__(self, step=3):
        self.step = step

    def __int__(self):
        return int(self.step)

    def __index__(self):
        return self.step


class WarmupStack(nn.Module):
    def __init__(self, dim=4, depth=4):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(dim, dim) for _ in range(depth))
        self.progress = Progress()

    def forward(self, x):
        active = min(int(self.progress), len(self.blocks))
        for blk in self.blocks[:active]:
            x = x + blk(x)
        x = x * 0.5 ** operator.index(self.progress)
        return x


def example():
    return WarmupStack(), (torch.randn(2, 4),)
