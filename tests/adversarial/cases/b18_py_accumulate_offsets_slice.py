"""Segment offsets made with itertools.accumulate over a count tensor: the offsets are 0-d tensors, and they
slice the rows of each segment."""
import itertools

import torch
from torch import nn


class SegmentMean(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, counts):
        h = self.lin(x)
        bounds = [0, *itertools.accumulate(counts)]
        outs = []
        for start, end in zip(bounds[:-1], bounds[1:]):
            outs.append(h[start:end].mean(0))  # known-miss: CL114
        return torch.stack(outs)


def example():
    return SegmentMean(), (torch.randn(5, 4), torch.tensor([2, 3]))
