"""Tensors that reach a condition through another function: a helper's parameter (the helper defined
before its caller, or in another file) and a helper's return value (defined after its caller, or in
another file, or defined before it and returning what this call passes it). Every marked line breaks under
dynamo; the same helpers fed ints do not."""
import os
import sys

import torch
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the helpers package next to this file
from interproc_helpers.ops import check_increasing, limit, norm  # noqa: E402


def clip(h):
    if h.abs().max() > 2:  # expect: CL101
        h = h.clamp(-2, 2)
    return h


def doubled(v):
    return v * 2


def adapt(error_ratio):
    # a parameter compared with a number: a tensor because the call below computes one (norm(h))
    if error_ratio < 1:  # expect: CL101
        return 2.0
    return 0.5


def relax(error_ratio):
    return adapt(error_ratio)  # handed on unchanged


def error_ratio(err, norm):
    return norm(err).abs()  # whatever callable is passed in, `.abs()` says its result is a tensor


def larger(n, m):
    if n > m:  # called with ints only
        return n
    return m


class Solver(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
        self.gain = 0.5

    def forward(self, x):
        h = clip(self.lin(x))
        if norm(h) < 1e-5:  # expect: CL101
            h = h * 2
        if scale(h) > 1:  # expect: CL101
            h = h / 2
        # a tensor whatever the other call of doubled passes (a float here)
        if doubled(h.sum()) > 1:  # expect: CL101
            h = h * doubled(self.gain)
        h = h * relax(norm(h))
        if error_ratio(h, torch.linalg.vector_norm) > 1:  # expect: CL101
            h = h / 2
        check_increasing(torch.arange(4.0) + h.mean(), "grid")
        k = larger(x.shape[0], 3)
        return h * limit(k)


def scale(y):
    return y.abs().mean()


def example():
    return Solver(), (torch.randn(4, 8),)
