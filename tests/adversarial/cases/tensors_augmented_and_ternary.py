"""Augmented assignment keeps a tensor a tensor; a ternary and a `not` on it branch on data."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        total = x.sum()
        total += 1
        y = x * 2 if total > 0 else x  # expect: CL101
        if not (y > 100).any():  # expect: CL101
            y = y + 1
        return y


def example():
    return Model(), (torch.randn(2, 3),)
