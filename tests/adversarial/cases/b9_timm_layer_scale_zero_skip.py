"""Blocks with layer scale skip their MLP when gamma is all zero, checked per block in the stage loop."""
import torch
from torch import nn


class LayerScaleBlock(nn.Module):
    def __init__(self, dim=8, init_values=1e-5):
        super().__init__()
        self.mlp = nn.Linear(dim, dim)
        self.gamma = nn.Parameter(init_values * torch.ones(dim))


class Stage(nn.Module):
    def __init__(self, depth=3):
        super().__init__()
        self.blocks = nn.ModuleList([LayerScaleBlock() for _ in range(depth)])

    def forward(self, x):
        for blk in self.blocks:
            if blk.gamma.abs().max().item() == 0:  # expect: CL111
                continue
            x = x + blk.gamma * blk.mlp(x)
        return x


def example():
    return Stage(), (torch.randn(2, 8),)
