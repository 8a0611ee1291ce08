"""Blocks built with `functools.partial(Block, ...)` get a stochastic-skip module; while training it decides
per call with a random tensor compared in Python."""
from functools import partial

import torch
from torch import nn


class StochasticSkip(nn.Module):
    def __init__(self, p=0.0):
        super().__init__()
        self.p = p

    def forward(self, x, residual):
        if self.training and torch.rand(()) < self.p:  # expect: CL101
            return x
        return x + residual


class Block(nn.Module):
    def __init__(self, dim, mlp_ratio=2.0, skip_prob=0.0):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(dim, int(dim * mlp_ratio)), nn.GELU(), nn.Linear(int(dim * mlp_ratio), dim))
        self.skip = StochasticSkip(skip_prob)

    def forward(self, x):
        return self.skip(x, self.mlp(x))


class Net(nn.Module):
    def __init__(self, dim=8, depth=2, block_fn=Block):
        super().__init__()
        rates = [r.item() for r in torch.linspace(0, 0.2, depth)]
        make = partial(block_fn, mlp_ratio=2.0)
        self.blocks = nn.Sequential(*[make(dim, skip_prob=rates[i]) for i in range(depth)])

    def forward(self, x):
        return self.blocks(x)


def example():
    return Net().train(), (torch.randn(2, 8),)
