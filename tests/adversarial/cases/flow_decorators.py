"""Breaks inside decorator wrappers (functools.wraps): the wrapper's lines run in the compiled frame."""
import functools
import time

import torch
from torch import nn


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()  # expect: CL132
        out = fn(*args, **kwargs)
        return out, start

    return wrapper


def checked(fn):
    @functools.wraps(fn)
    def wrapper(self, x):
        if x.isnan().any():  # expect: CL101
            raise ValueError("nan input")
        return fn(self, x)

    return wrapper


def passthrough(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    @checked
    def head(self, x):
        return self.lin(x)

    @timed
    def tail(self, x):
        return x.relu()

    @passthrough
    def body(self, x):
        return x * 2

    def forward(self, x):
        return self.tail(self.body(self.head(x)))[0]


def example():
    return Model(), (torch.randn(2, 4),)
