"""A validity check made as a lambda with a default argument bound at construction time; forward branches on
what the lambda returns (a 0-d tensor)."""
import torch
from torch import nn


class Clipper(nn.Module):
    def __init__(self, limit=3.0):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.too_large = lambda t, limit=limit: t.abs().max() > limit

    def forward(self, x):
        h = self.lin(x)
        if self.too_large(h):  # known-miss: CL101
            h = h.clamp(-3.0, 3.0)
        return h


def example():
    return Clipper(), (torch.randn(2, 4) * 10,)
