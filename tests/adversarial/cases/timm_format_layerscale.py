"""Output format enum conversions (NCHW/NHWC/NLC) and in-place or out-of-place layer scale."""
from enum import Enum

import torch
from torch import nn


class Format(str, Enum):
    NCHW = "NCHW"
    NHWC = "NHWC"
    NCL = "NCL"
    NLC = "NLC"


def nchw_to(x, fmt: Format):
    if fmt == Format.NHWC:
        x = x.permute(0, 2, 3, 1)
    elif fmt == Format.NLC:
        x = x.flatten(2).transpose(1, 2)
    elif fmt == Format.NCL:
        x = x.flatten(2)
    return x


class LayerScale(nn.Module):
    def __init__(self, dim, init_values=1e-5, inplace=False):
        super().__init__()
        self.inplace = inplace
        self.gamma = nn.Parameter(init_values * torch.ones(dim))

    def forward(self, x):
        return x.mul_(self.gamma) if self.inplace else x * self.gamma


class LayerScale2d(LayerScale):
    def forward(self, x):
        gamma = self.gamma.view(1, -1, 1, 1)
        return x.mul_(gamma) if self.inplace else x * gamma


class Stem(nn.Module):
    def __init__(self, output_fmt="NLC"):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 1)
        self.ls2d = LayerScale2d(4, inplace=True)
        self.ls = LayerScale(4)
        self.output_fmt = Format(output_fmt)
        self.flatten = False

    def forward(self, x):
        x = self.ls2d(self.conv(x))
        if self.flatten:
            x = x.flatten(2).transpose(1, 2)
        elif self.output_fmt != Format.NCHW:
            x = nchw_to(x, self.output_fmt)
        return self.ls(x)


def example():
    return Stem(), (torch.randn(2, 3, 4, 4),)
