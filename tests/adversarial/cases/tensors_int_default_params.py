"""Unannotated forward parameters with int defaults, and an int passed positionally: plain numbers."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, steps=2, start=0):
        for _ in range(steps):
            x = x * 0.5
        return x[start:]


def example():
    return Model(), (torch.randn(3, 3), 2, 1)
