"""`record_function`, `nullcontext`, `autocast(enabled=False)`: context managers dynamo handles."""
import contextlib

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        with torch.profiler.record_function("block"):
            h = x * 2
        with contextlib.nullcontext(), torch.autocast("cpu", enabled=False):
            h = h + 1
        return h


def example():
    return Model(), (torch.randn(2, 3),)
