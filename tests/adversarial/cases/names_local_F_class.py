"""A project class called `F` whose `one_hot` is plain tensor arithmetic, not torch.nn.functional."""
import torch
from torch import nn


class F:
    @staticmethod
    def one_hot(x):
        return x * 2

    @staticmethod
    def dropout(x, p):
        return x * (1 - p)


class Model(nn.Module):
    def forward(self, x):
        return F.dropout(F.one_hot(x), 0.1)


def example():
    return Model(), (torch.randn(2, 3),)
