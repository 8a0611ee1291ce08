"""A ConvNeXt-style block whose layer scale is created on first use, so the channel count comes from the
input: `nn.Parameter` is built inside forward the first time it runs."""
import torch
from torch import nn

from b11_quiet_timm_layers import DropPath


class LazyLayerScale(nn.Module):
    def __init__(self, init_values=1e-6):
        super().__init__()
        self.init_values = init_values
        self.gamma = None

    def _materialize(self, channels, like):
        self.gamma = nn.Parameter(self.init_values * torch.ones(channels, dtype=like.dtype))  # expect: CL145

    def forward(self, x):
        if self.gamma is None:
            self._materialize(x.shape[1], x)
        return x * self.gamma.view(1, -1, 1, 1)


class ConvNeXtBlock(nn.Module):
    def __init__(self, dim, drop_path=0.0):
        super().__init__()
        self.conv_dw = nn.Conv2d(dim, dim, 7, padding=3, groups=dim)
        self.norm = nn.BatchNorm2d(dim)
        self.pw = nn.Conv2d(dim, dim, 1)
        self.ls = LazyLayerScale()
        self.drop_path = DropPath(drop_path)

    def forward(self, x):
        shortcut = x
        x = self.pw(self.norm(self.conv_dw(x)))
        return shortcut + self.drop_path(self.ls(x))


class Stage(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.downsample = nn.Identity()
        self.block = ConvNeXtBlock(dim)

    def forward(self, x):
        return self.block(self.downsample(x))


def example():
    return Stage(4).eval(), (torch.randn(2, 4, 8, 8),)
