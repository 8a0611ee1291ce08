"""A ConvNeXt-style block uses the layers file's LayerScale2d, whose zero-gamma fast path tests the parameter in
Python: the break sits in the layers file, reached through a submodule call."""
import torch
from torch import nn

from b27_timm_layers import LayerScale2d


class ConvNeXtBlock(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, 3, padding=1, groups=dim)
        self.pwconv = nn.Conv2d(dim, dim, 1)
        self.ls = LayerScale2d(dim, init_values=0.0)

    def forward(self, x):
        return x + self.ls(self.pwconv(self.dwconv(x)))


def example():
    return ConvNeXtBlock(), (torch.randn(2, 3, 4, 4),)
