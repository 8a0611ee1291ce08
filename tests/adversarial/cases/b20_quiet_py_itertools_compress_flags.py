"""A block stack runs the blocks its Python flags enable, selected with `itertools.compress(blocks, flags)`."""
import itertools

import torch
from torch import nn


class FlaggedStack(nn.Module):
    def __init__(self, dim=4, flags=(True, False, True)):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(dim, dim) for _ in flags)
        self.flags = list(flags)

    def forward(self, x):
        for block in itertools.compress(self.blocks, self.flags):
            x = block(x)
        return x


def example():
    return FlaggedStack(), (torch.randn(2, 4),)
