"""Segment bookkeeping from sizes: remainders and quotients of shape values (through divmod, math.ceil and a
helper) are ints, and their comparisons are Python bools."""
import math

import torch
from torch import nn


def num_segments(length, size):
    return math.ceil(length / size)


class Segmenter(nn.Module):
    def __init__(self, segment=3):
        super().__init__()
        self.segment = segment
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        seq_len = x.size(1)
        full, remainder = divmod(seq_len, self.segment)
        h = self.proj(x)
        if remainder == 1:
            h = h[:, :-1]
        elif remainder > 1 and full >= 1:
            h = h * 2
        segments = num_segments(h.shape[1], self.segment)
        if segments == 2:
            h = h + 1
        return h


def example():
    return Segmenter(), (torch.randn(2, 5, 4),)
