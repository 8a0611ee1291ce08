"""A break inside a user context manager: dynamo gives up on the whole frame (GB0066, 0 graphs)."""

import time

import torch
from torch import nn


class Depth:
    def __init__(self, owner):
        self.owner = owner

    def __enter__(self):
        self.owner.depth += 1
        return self

    def __exit__(self, *exc):
        self.owner.depth -= 1
        return False


class Scoped(nn.Module):
    def __init__(self):
        super().__init__()
        self.depth = 0

    def forward(self, x):
        with Depth(self):
            h = x * 2
            self.started = time.perf_counter()  # expect: CL132
        return h + 1


def example():
    return Scoped(), (torch.randn(2, 8),)
