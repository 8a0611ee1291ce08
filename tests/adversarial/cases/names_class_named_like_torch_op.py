"""Project functions named `nonzero`, `unique`, `item` at module level, called in forward."""
import torch
from torch import nn


def nonzero(values):
    return [v for v in values if v != 0]


def unique(values):
    return sorted(set(values))


class Model(nn.Module):
    def forward(self, x):
        widths = unique(nonzero([x.shape[0], 0, x.shape[1], x.shape[1]]))
        return x * len(widths)


def example():
    return Model(), (torch.randn(2, 3),)
