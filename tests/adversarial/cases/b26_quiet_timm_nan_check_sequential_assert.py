"""The checked stage's twin: the same loop asserts finiteness of each block's output (a runtime assert)."""
import torch
from torch import nn


class CheckedSequential(nn.Sequential):
    def forward(self, x):
        for block in self:
            x = block(x)
            assert x.isfinite().all(), "non-finite activation"
        return x


def example():
    return CheckedSequential(nn.Linear(4, 4), nn.GELU(), nn.Linear(4, 4)), (torch.randn(2, 4),)
