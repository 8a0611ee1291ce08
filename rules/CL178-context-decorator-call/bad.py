import time
from contextlib import ContextDecorator

import torch
from torch import nn


class timed_section(ContextDecorator):
    timings = {}

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.timings[self.name] = time.perf_counter() - self.start
        return False


class Attention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    @timed_section("attention")
    def attend(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        return (q @ k.transpose(-1, -2)).softmax(-1) @ v

    def forward(self, x):
        return self.attend(x) + x  # expect: CL178


def example():
    return Attention(), (torch.randn(2, 3, 8),)
