"""Methods forward never calls (`__init__`, `extra_repr`, a debugging helper) are not compiled."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(3))
        print("built with", self.weight.sum().item())

    def extra_repr(self):
        return f"norm={self.weight.norm().item():.3f}"

    def debug_stats(self, x):
        print(x.mean().item(), x.nonzero())
        return x[x > 0]

    def forward(self, x):
        return x * self.weight


def example():
    return Model(), (torch.randn(2, 3),)
