"""A break inside a `try` body: dynamo gives up on the whole frame (no GB id of its own, 0 graphs)."""

import sys

import torch
from torch import nn


class Guarded(nn.Module):
    def forward(self, x):
        h = x * 2
        try:
            sys.stderr.write("")  # expect: CL139
            h = h + 1
        except ValueError:
            h = h - 1
        return h * 3


def example():
    return Guarded(), (torch.randn(2, 8),)
