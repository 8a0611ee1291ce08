import threading

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


STAGE_LOCK = threading.Lock()


class Extractor(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.scope = Scope()

    def forward(self, x):
        x = x * 2
        with self.scope:  # expect: CL170
            x = self.proj(x)
        return x + 1


def locked_step(x):
    with STAGE_LOCK:  # expect: CL170
        return x.relu() + 1


class Stage(nn.Module):
    def __init__(self):
        super().__init__()
        self.frozen = torch.no_grad()

    def forward(self, x):
        with self.frozen:  # expect: CL170
            return x.cos()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.extract = Extractor()
        self.stage = Stage()

    def forward(self, x):
        x = self.extract(x)
        x = locked_step(x)
        return self.stage(x)


def example():
    return Model(), (torch.randn(2, 8),)
