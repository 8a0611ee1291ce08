"""A function decorated with a project class without arguments (`@traced` of `class traced: def __call__(...)`) is
an instance of it: every call of the function runs the instance's __call__, and a break there is a break of the
compiled caller (adversarial batch 19). A class decorator given arguments (`@logged("tag")`) calls __call__ once, at
decoration, with the function: what that __call__ body does never runs compiled."""
import functools

import torch
from torch import nn


class traced:
    def __init__(self, fn):
        functools.update_wrapper(self, fn)
        self.fn = fn

    def __call__(self, *args, **kwargs):
        print("calling", self.fn.__name__)  # expect: CL131
        return self.fn(*args, **kwargs)


class scaled_by_mean:
    def __init__(self, fn):
        self.fn = fn

    def __call__(self, x):
        return self.fn(x) / float(x.abs().mean())  # expect: CL111


class logged:
    def __init__(self, tag):
        self.tag = tag

    def __call__(self, fn):
        print("registering", self.tag, fn.__name__)
        return fn


@traced
def gated(x):
    return x * torch.sigmoid(x)


@scaled_by_mean
def doubled(x):
    return x * 2


@logged("residual")
def residual(x):
    return x + 1


class Block(nn.Module):
    def forward(self, x):
        return gated(x) + doubled(x) + residual(x)


def example():
    return Block(), (torch.randn(2, 4),)
