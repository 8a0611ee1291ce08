"""A stochastic-depth decay rule built with list() of a linspace: every block's drop probability is a 0-d
tensor, and the imported drop_path compares it with 0 in forward."""
import torch
from torch import nn


def drop_path(x, drop_prob=0.0, training=False):
    if drop_prob == 0.0 or not training:  # known-miss: CL101
        return x
    keep_prob = 1 - drop_prob
    mask = x.new_empty((x.shape[0],) + (1,) * (x.ndim - 1)).bernoulli_(keep_prob)
    return x * mask / keep_prob


class Block(nn.Module):
    def __init__(self, dim, drop_path_rate):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.drop_prob = drop_path_rate

    def forward(self, x):
        return x + drop_path(self.fc(x), self.drop_prob, self.training)


class Net(nn.Module):
    def __init__(self, dim=8, depth=3, drop_path_rate=0.1):
        super().__init__()
        dpr = list(torch.linspace(0, drop_path_rate, depth))
        self.blocks = nn.Sequential(*[Block(dim, dpr[i]) for i in range(depth)])

    def forward(self, x):
        return self.blocks(x)


def example():
    return Net(), (torch.randn(2, 4, 8),)
