"""A plain object with `__call__`, built in __init__ and called in forward: its body is traced."""
import torch
from torch import nn


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, x):
        return x * self.factor / x.abs().max().item()  # expect: CL111


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scaler = Scaler(2.0)

    def forward(self, x):
        return self.scaler(x + 1)


def example():
    return Model(), (torch.randn(2, 3),)
