"""A profiling helper in the style of a model hub's benchmark utilities: a `contextlib.ContextDecorator` subclass
whose `__enter__` reads `time.monotonic()`, applied as a decorator to the attention method."""
import time
from contextlib import ContextDecorator

import torch
from torch import nn


class timed_section(ContextDecorator):
    timings = {}

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        self.start = time.monotonic()
        return self

    def __exit__(self, *exc):
        self.timings[self.name] = time.monotonic() - self.start
        return False


class ProfiledAttention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    @timed_section("attention")
    def attend(self, hidden):
        q, k, v = self.qkv(hidden).chunk(3, dim=-1)
        return (q @ k.transpose(-1, -2)).softmax(-1) @ v

    def forward(self, hidden):
        return self.attend(hidden) + hidden  # expect: CL178


def example():
    return ProfiledAttention(), (torch.randn(2, 3, 8),)
