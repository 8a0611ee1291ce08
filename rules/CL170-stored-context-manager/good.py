import contextlib

import torch
from torch import nn


class Scope:
    """Names the stage being run (for a profiler)."""

    def __init__(self, name="stage"):
        self.name = name

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class Extractor(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        # dynamo knows these two: entering the stored object compiles
        self.maybe_autocast = torch.autocast("cpu", enabled=False)
        self.nothing = contextlib.nullcontext()

    def forward(self, x):
        x = x * 2
        with Scope():  # made where it is entered: dynamo sees it being built
            x = self.proj(x)
        with torch.no_grad():
            y = x.detach() * 2
        with self.maybe_autocast, self.nothing:
            x = x + y
        return x + 1


def example():
    return Extractor(), (torch.randn(2, 8),)
