"""Stochastic depth spelled as a whole-block skip: in training, a uniform draw is compared with the rate
in an `and` after the training flag."""
import torch
from torch import nn

from b13_quiet_timm_layers import LayerScale


class SkippableBlock(nn.Module):
    def __init__(self, dim=8, skip_rate=0.1):
        super().__init__()
        self.skip_rate = skip_rate
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.GELU())
        self.ls = LayerScale(dim)

    def forward(self, x):
        if self.training and torch.rand(()) < self.skip_rate:  # expect: CL101
            return x
        return x + self.ls(self.mlp(x))


def example():
    return SkippableBlock().train(), (torch.randn(2, 4, 8),)
