"""A method of a plain mixin class, called from forward, is compiled."""
import torch
from torch import nn


class StatsMixin:
    def _summary(self, x):
        return x.mean().item()  # expect: CL111


class Model(StatsMixin, nn.Module):
    def forward(self, x):
        h = x * 2
        return h / self._summary(h)


def example():
    return Model(), (torch.randn(2, 3),)
