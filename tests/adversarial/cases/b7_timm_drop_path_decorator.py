"""Residual blocks wrapped by a project decorator that adds stochastic depth: the wrapper skips the block for
the whole batch when a Python coin flip (`random.random()`) comes up below the drop rate."""
import functools
import random

import torch
from torch import nn


def stochastic_depth(drop_rate):
    def wrap(forward):
        @functools.wraps(forward)
        def inner(self, x):
            if self.training and random.random() < drop_rate:  # expect: CL133
                return x
            return x + forward(self, x)
        return inner
    return wrap


class MlpBlock(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    @stochastic_depth(0.1)
    def forward(self, x):
        return self.fc(x).relu()


class Stage(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(MlpBlock(), MlpBlock())

    def forward(self, x):
        return self.blocks(x)


def example():
    return Stage(), (torch.randn(2, 4),)
