"""A module-level helper nothing compiled calls, next to one forward does call."""
import torch
from torch import nn


def summarize(x):
    print("summary", x.sum().item())
    return x.nonzero()


def center(x):
    return x - x.mean()


class Model(nn.Module):
    def forward(self, x):
        return center(x) * 2


def example():
    return Model(), (torch.randn(2, 3),)
