"""Block-level stochastic depth that skips the whole residual branch: the coin is a torch draw turned into
a Python number with `.item()` inside the `if`."""
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=4, drop_path=0.3):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.GELU())
        self.drop_path = drop_path

    def forward(self, x):
        if self.training and torch.rand(1).item() < self.drop_path:  # expect: CL111
            return x
        return x + self.mlp(x)


def example():
    return Block().train(), (torch.randn(2, 4),)
