"""The same norm layer with the environment switch defaulting to off: the print sits in a branch that never runs."""
import os

import torch
from torch import nn

_DEBUG_NORM = os.environ.get("B19_TIMM_DEBUG_NORM_OFF", "0") == "1"


class DebugLayerNorm2d(nn.LayerNorm):
    def forward(self, x):
        x = x.permute(0, 2, 3, 1)
        x = super().forward(x)
        if _DEBUG_NORM:
            print("norm out", x.shape)  # known-fp: CL131
        return x.permute(0, 3, 1, 2)


class Stem(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.conv = nn.Conv2d(3, dim, 1)
        self.norm = DebugLayerNorm2d(dim)

    def forward(self, x):
        return self.norm(self.conv(x))


def example():
    return Stem(), (torch.randn(1, 3, 2, 2),)
