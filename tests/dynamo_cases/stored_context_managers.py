"""CL170: context managers made outside the compiled function and entered in it (each in a frame of its own: dynamo
gives up on a frame at its first such `with`), beside look-alikes that compile."""
import contextlib

import torch
from torch import nn


class Depth:
    def __init__(self, name="depth"):
        self.name = name

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class Quiet(Depth):
    """No `__enter__` of its own: the base class's runs."""


SHARED_DEPTH = Quiet()


class Tracked(nn.Module):
    def __init__(self):
        super().__init__()
        self.depth = Depth()

    def forward(self, x):
        with self.depth:  # expect: CL170
            return x + 1


class Shared(nn.Module):
    def forward(self, x):
        with SHARED_DEPTH:  # expect: CL170
            return x * 2


class GradOn(nn.Module):
    def __init__(self):
        super().__init__()
        self.grad_on = torch.enable_grad()

    def forward(self, x):
        with self.grad_on:  # expect: CL170
            return x - 1


class Stacked(nn.Module):
    def __init__(self):
        super().__init__()
        self.stack = contextlib.ExitStack()

    def forward(self, x):
        with self.stack:  # expect: CL170
            return x.sin()


class LookAlikes(nn.Module):
    def __init__(self, ctx=None):
        super().__init__()
        self.cast = torch.autocast("cpu", enabled=False)
        self.maybe = ctx if ctx is not None else contextlib.nullcontext()

    def forward(self, x, scope=contextlib.nullcontext()):
        with self.cast, self.maybe:
            x = x + 1
        with Depth(), torch.no_grad():
            x = x * 3
        with scope:
            SHARED_DEPTH = contextlib.nullcontext()
            with SHARED_DEPTH:
                return x.cos()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.parts = nn.ModuleList([LookAlikes(), Tracked(), Shared(), GradOn(), Stacked()])

    def forward(self, x):
        for part in self.parts:
            x = part(x)
        return x


def example():
    return Model(), (torch.randn(4),)
