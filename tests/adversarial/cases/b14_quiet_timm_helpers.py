"""A vision library's helpers: `to_2tuple`, a `make_divisible` on Python numbers, a `LayerScale`, an `Mlp`,
and a stage list builder. The other b14 vision cases import it."""
import collections.abc
from itertools import repeat

import torch
from torch import nn


def _ntuple(n):
    def parse(x):
        if isinstance(x, collections.abc.Iterable) and not isinstance(x, str):
            return tuple(x)
        return tuple(repeat(x, n))
    return parse


to_2tuple = _ntuple(2)


def make_divisible(v, divisor=8, min_value=None, round_limit=0.9):
    min_value = min_value or divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < round_limit * v:
        new_v += divisor
    return new_v


class LayerScale(nn.Module):
    def __init__(self, dim, init_values=1e-5, inplace=False):
        super().__init__()
        self.inplace = inplace
        self.gamma = nn.Parameter(init_values * torch.ones(dim))

    def forward(self, x):
        return x.mul_(self.gamma) if self.inplace else x * self.gamma


class Mlp(nn.Module):
    def __init__(self, in_features, hidden_features=None, act_layer=nn.GELU):
        super().__init__()
        hidden_features = hidden_features or in_features
        self.fc1 = nn.Linear(in_features, hidden_features)
        self.act = act_layer()
        self.fc2 = nn.Linear(hidden_features, in_features)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


def make_stages(dims):
    return nn.ModuleList([nn.Sequential(nn.Conv2d(a, b, 3, padding=1), nn.BatchNorm2d(b), nn.ReLU())
                          for a, b in zip(dims[:-1], dims[1:])])


class _Block(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.mlp = Mlp(dim, make_divisible(dim * 1.5))
        self.ls = LayerScale(dim)
        self.kernel = to_2tuple(3)

    def forward(self, x):
        return x + self.ls(self.mlp(x))


def example():
    return _Block(), (torch.randn(2, 3, 8),)
