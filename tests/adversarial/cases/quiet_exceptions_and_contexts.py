"""try/except on Python lookups, user context managers, @contextmanager, no_grad/autocast blocks and a
raise on a static shape that is never taken."""
import contextlib

import torch
from torch import nn


class Scope:
    def __init__(self, owner):
        self.owner = owner

    def __enter__(self):
        self.owner.depth += 1
        return self

    def __exit__(self, *exc):
        self.owner.depth -= 1
        return False


@contextlib.contextmanager
def scaled(store, factor):
    store.append(factor)
    try:
        yield factor
    finally:
        store.pop()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.cache = {"w": 2.0}
        self.depth = 0
        self.stack = []

    def forward(self, x):
        try:
            w = self.cache["missing"]
        except KeyError:
            w = 1.0
        if x.dim() > 4:
            raise ValueError(f"expected <= 4 dims, got {x.dim()} with shape {tuple(x.shape)}")
        with Scope(self):
            x = x * w
        with scaled(self.stack, 3.0) as f:
            x = x * f
        with torch.no_grad():
            ref = x.detach() * 2
        with torch.autocast("cpu", enabled=False):
            x = x + ref
        return x


def example():
    return Model(), (torch.randn(2, 3),)
