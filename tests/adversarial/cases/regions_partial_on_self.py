"""A `functools.partial` of a helper, stored on self, is compiled where forward calls it."""
import functools

import torch
from torch import nn


def clip_positive(x, limit):
    keep = x[x < limit]  # expect: CL122
    return keep.sum()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.clip = functools.partial(clip_positive, limit=1.0)

    def forward(self, x):
        return self.clip(x * 2)


def example():
    return Model(), (torch.randn(2, 3),)
