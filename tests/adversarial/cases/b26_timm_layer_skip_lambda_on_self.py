"""A block with layer dropping keeps its coin flip as a lambda stored on self in `__init__`; forward tests the
lambda's answer, a 0-d bool tensor."""
import torch
from torch import nn


class SkippableBlock(nn.Module):
    def __init__(self, dim=4, p=0.5):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.GELU())
        self.p = p
        self.should_skip = lambda: torch.rand(()) < self.p

    def forward(self, x):
        if self.training and self.should_skip():  # known-miss: CL101
            return x
        return x + self.mlp(x)


def example():
    return SkippableBlock().train(), (torch.randn(2, 4),)
