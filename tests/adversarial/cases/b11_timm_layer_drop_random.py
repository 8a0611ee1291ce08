"""Stochastic depth at the block level ("layer drop"): while training, each block of the stage is skipped
with a probability drawn from Python's `random` in a helper called from the block loop."""
import random

import torch
from torch import nn

from b11_quiet_timm_layers import LayerScale


class MlpBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)
        self.ls = LayerScale(dim, init_values=0.1)

    def forward(self, x):
        return x + self.ls(self.fc(self.norm(x)))


def _skip_block(rate, training):
    return training and random.random() < rate  # expect: CL133


class LayerDropStage(nn.Module):
    def __init__(self, dim=8, depth=3, layer_drop=0.2):
        super().__init__()
        self.blocks = nn.ModuleList([MlpBlock(dim) for _ in range(depth)])
        self.layer_drop = layer_drop

    def forward_features(self, x):
        for blk in self.blocks:
            if _skip_block(self.layer_drop, self.training):
                continue
            x = blk(x)
        return x

    def forward(self, x):
        return self.forward_features(x).mean(1)


def example():
    return LayerDropStage(), (torch.randn(2, 5, 8),)
