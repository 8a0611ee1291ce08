"""The layer-dropping block's twin: the lambda's 0-d tensor scales the residual instead of being tested."""
import torch
from torch import nn


class SkippableBlock(nn.Module):
    def __init__(self, dim=4, p=0.5):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.GELU())
        self.p = p
        self.keep = lambda: (torch.rand(()) >= self.p).float() / (1 - self.p)

    def forward(self, x):
        if self.training:
            return x + self.keep() * self.mlp(x)
        return x + self.mlp(x)


def example():
    return SkippableBlock().train(), (torch.randn(2, 4),)
