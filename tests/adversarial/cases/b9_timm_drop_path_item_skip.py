"""Stochastic depth that skips the whole residual branch: one draw per call, compared on the host."""
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=8, drop_path=0.2):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))
        self.drop_path = drop_path

    def forward(self, x):
        if self.training and self.drop_path > 0:
            if torch.rand(1).item() < self.drop_path:  # expect: CL111
                return x
        return x + self.mlp(x)


def example():
    return Block().train(), (torch.randn(2, 8),)
