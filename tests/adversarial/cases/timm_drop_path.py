"""timm's drop_path (a per-sample bernoulli mask) and a stochastic-depth block that draws a Python random."""
import random

import torch
from torch import nn


def drop_path(x, drop_prob: float = 0., training: bool = False, scale_by_keep: bool = True):
    if drop_prob == 0. or not training:
        return x
    keep_prob = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    random_tensor = x.new_empty(shape).bernoulli_(keep_prob)
    if keep_prob > 0.0 and scale_by_keep:
        random_tensor.div_(keep_prob)
    return x * random_tensor


class DropPath(nn.Module):
    def __init__(self, drop_prob: float = 0., scale_by_keep: bool = True):
        super().__init__()
        self.drop_prob = drop_prob
        self.scale_by_keep = scale_by_keep

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training, self.scale_by_keep)


class Block(nn.Module):
    def __init__(self, drop_rate=0.1):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.drop_path = DropPath(0.2)
        self.drop_rate = drop_rate

    def forward(self, x):
        if self.training and random.random() < self.drop_rate:  # expect: CL133
            return x
        return x + self.drop_path(self.fc(x))


def example():
    return Block().train(), (torch.randn(2, 8),)
