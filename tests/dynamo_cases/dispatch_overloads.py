"""A `@functools.singledispatch` helper called from compiled code: dynamo traces the dispatch on the argument's type
and runs the overload registered for it (`@as_scalar.register(torch.Tensor)`), so that overload's `.item()` is the
compiled code's break (adversarial batch 15). (A call that dispatches on a Python `int` broke on 2.13 inside the
dispatch itself, GB0811 "missing tp_iter" in a polyfill, whatever the overload did: not judged here.)"""
from functools import singledispatch

import torch
from torch import nn


@singledispatch
def as_scalar(value):
    return value


@as_scalar.register(torch.Tensor)
def _(value):
    return value.item()  # expect: CL111


class Warper(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x, temperature):
        logits = self.proj(x)
        return logits / as_scalar(temperature)


def example():
    return Warper(), (torch.randn(2, 4), torch.tensor(0.7))
