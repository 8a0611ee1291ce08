"""Stochastic depth done with tensors: `drop_path` returns early on Python conditions (rate 0 or eval), else
draws a per-sample Bernoulli mask with `new_empty(shape).bernoulli_(keep_prob)` and rescales it."""
import torch
from torch import nn


def drop_path(x, drop_prob: float = 0.0, training: bool = False, scale_by_keep: bool = True):
    if drop_prob == 0.0 or not training:
        return x
    keep_prob = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    random_tensor = x.new_empty(shape).bernoulli_(keep_prob)
    if keep_prob > 0.0 and scale_by_keep:
        random_tensor.div_(keep_prob)
    return x * random_tensor


class DropPath(nn.Module):
    def __init__(self, drop_prob=0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training)


class Block(nn.Module):
    def __init__(self, dim=4, drop_path_rate=0.1):
        super().__init__()
        self.mlp = nn.Linear(dim, dim)
        self.drop_path = DropPath(drop_path_rate) if drop_path_rate > 0.0 else nn.Identity()

    def forward(self, x):
        return x + self.drop_path(self.mlp(x))


def example():
    return Block(), (torch.randn(3, 4),)
