"""A break inside an `except` handler: dynamo gives up on the whole frame as well (0 graphs)."""

import torch
from torch import nn


class Recover(nn.Module):
    def forward(self, x):
        h = x * 2
        try:
            raise ValueError("always")
        except ValueError:
            torch._dynamo.graph_break()  # expect: CL140
            h = h - 1
        return h * 3


def example():
    return Recover(), (torch.randn(2, 8),)
