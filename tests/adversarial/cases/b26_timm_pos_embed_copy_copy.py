"""A position-embedding module hands out a shallow `copy.copy` of its table before adding the class-token row."""
import copy

import torch
from torch import nn


class PosEmbed(nn.Module):
    def __init__(self, n=3, dim=4):
        super().__init__()
        self.pos = nn.Parameter(torch.randn(1, n, dim))

    def forward(self, x):
        pos = copy.copy(self.pos)  # expect: CL144
        return x + pos


def example():
    return PosEmbed(), (torch.randn(2, 3, 4),)
