"""Segment offsets made with itertools.accumulate over Python counts (a constructor tuple): the slice bounds
are ints."""
import itertools

import torch
from torch import nn


class SegmentMean(nn.Module):
    def __init__(self, dim=4, counts=(2, 3)):
        super().__init__()
        self.counts = tuple(counts)
        self.lin = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.lin(x)
        bounds = [0, *itertools.accumulate(self.counts)]
        outs = [h[s:e].mean(0) for s, e in zip(bounds[:-1], bounds[1:])]
        return torch.stack(outs)


def example():
    return SegmentMean(), (torch.randn(5, 4),)
