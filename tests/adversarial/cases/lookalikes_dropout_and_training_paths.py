"""Stochastic depth and dropout gated by `self.training` and a float rate compile (torch RNG only)."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, drop_path=0.1):
        super().__init__()
        self.drop_path = drop_path

    def forward(self, x):
        if not self.training or self.drop_path == 0.0:
            return x
        keep = 1 - self.drop_path
        mask = x.new_empty((x.shape[0],) + (1,) * (x.ndim - 1)).bernoulli_(keep)
        return x * mask / keep


def example():
    return Model(), (torch.randn(2, 3),)
