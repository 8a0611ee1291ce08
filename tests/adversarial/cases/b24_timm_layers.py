"""A vision library's layers file for batch 24: a `@contextmanager` that times a stage with `time.perf_counter`
into a stats dict, and a `@contextmanager` that only records the stage's name. The other b24 vision cases import
it; its example times one stage."""
import time
from contextlib import contextmanager

import torch
from torch import nn


@contextmanager
def timed(stats, key):
    start = time.perf_counter()  # expect: CL132
    yield
    stats[key] = time.perf_counter() - start  # known-fp: CL132


@contextmanager
def named_stage(trail, key):
    trail.append(key)
    try:
        yield
    finally:
        trail.pop()


class _LayersDemo(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.stats = {}

    def forward(self, x):
        with timed(self.stats, "fc"):
            x = self.fc(x)
        return x.relu()


def example():
    return _LayersDemo(), (torch.randn(2, 4),)
