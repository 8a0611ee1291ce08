"""Breaks in places that look like amplifiers but are not: `for ... else`, `try ... else` (without a
`finally`), a `finally` block, `torch.no_grad()` and `contextlib.nullcontext()`. Each is an ordinary break."""

import contextlib

import torch
from torch import nn


class Ordinary(nn.Module):
    def forward(self, x):
        h = x * 2
        for _ in range(2):
            h = h + 1
        else:
            torch._dynamo.graph_break()  # expect: CL140
        try:
            h = h + 1
        except ValueError:
            h = h - 1
        else:
            torch._dynamo.graph_break()  # expect: CL140
        try:
            h = h + 1
        finally:
            torch._dynamo.graph_break()  # expect: CL140
        with torch.no_grad():
            h = h + 1
            torch._dynamo.graph_break()  # expect: CL140
        with contextlib.nullcontext():
            h = h + 1
            torch._dynamo.graph_break()  # expect: CL140
        return h * 3


def example():
    return Ordinary(), (torch.randn(2, 8),)
