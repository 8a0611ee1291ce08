"""functools.reduce with operator.mul over shape entries and with torch.add / torch.maximum over feature
maps: Python ints and tensor ops only."""
import functools
import operator

import torch
from torch import nn


class FuseBranches(nn.Module):
    def __init__(self, dim=4, n=3):
        super().__init__()
        self.branches = nn.ModuleList([nn.Linear(dim, dim) for _ in range(n)])

    def forward(self, x):
        feats = [b(x) for b in self.branches]
        numel = functools.reduce(operator.mul, x.shape[1:], 1)
        total = functools.reduce(torch.add, feats)
        peak = functools.reduce(torch.maximum, feats)
        return (total + peak) / numel


def example():
    return FuseBranches(), (torch.randn(2, 4),)
