"""A ViT in timm's style whose stochastic-depth rates come from numpy (`[x for x in np.linspace(...)]`): each block
receives a numpy.float64 and hands it to numpyflow_layers.DropPath, which stores it; compiled, DropPath's test of
the rate breaks (reported in numpyflow_layers.py). The block's own `drop_path > 0.` runs in __init__, eagerly, and
the blocks' layer scale, a Python float, is tested without a break."""
import numpy as np
import torch
from torch import nn

from numpyflow_layers import DropPath, Mlp


class Block(nn.Module):
    def __init__(self, dim, drop_path=0.0, init_values=None):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = Mlp(dim, dim * 2)
        self.drop_path = DropPath(drop_path) if drop_path > 0.0 else nn.Identity()
        self.init_values = init_values

    def forward(self, x):
        h = self.mlp(self.norm(x))
        if self.init_values is not None and self.init_values > 0:
            h = h * self.init_values
        return x + self.drop_path(h)


class VisionTransformer(nn.Module):
    def __init__(self, dim=8, depth=3, drop_path_rate=0.1):
        super().__init__()
        dpr = [x for x in np.linspace(0, drop_path_rate, depth)]
        self.blocks = nn.Sequential(*[Block(dim, drop_path=dpr[i], init_values=0.5) for i in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x).mean(0))


def example():
    return VisionTransformer().train(), (torch.randn(5, 8),)
