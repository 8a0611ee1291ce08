"""Locals named `where`, `unique` and `nonzero` (Python values) next to `from torch import where`."""
import torch
from torch import nn, where


class Model(nn.Module):
    def forward(self, x):
        unique = {x.shape[0], x.shape[1]}
        nonzero = [d for d in x.shape if d]
        picked = where(x > 0, x, 0.0)
        return picked * len(unique) * len(nonzero)


def example():
    return Model(), (torch.randn(2, 3),)
