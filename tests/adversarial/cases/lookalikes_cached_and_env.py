"""`functools.lru_cache` helpers, `os.environ.get` and `inspect.signature` of a plain function compile."""
import functools
import inspect
import os

import torch
from torch import nn


@functools.lru_cache(maxsize=None)
def window(n):
    return tuple(range(n))


def combine(a, b=1):
    return a * b


class Model(nn.Module):
    def forward(self, x):
        mode = os.environ.get("ADVERSARIAL_MODE", "sum")
        params = inspect.signature(combine).parameters
        idx = window(x.shape[-1])
        h = x[:, list(idx)] * len(params)
        return h.sum(-1) if mode == "sum" else h


def example():
    return Model(), (torch.randn(2, 3),)
