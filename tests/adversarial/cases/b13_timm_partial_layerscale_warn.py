"""A block builds its LayerScale through a `functools.partial` class attribute; the chosen subclass warns
about out-of-place scaling on every call."""
import warnings
from functools import partial

import torch
from torch import nn

from b13_quiet_timm_layers import LayerScale


class WarningLayerScale(LayerScale):
    def forward(self, x):
        if not self.inplace:
            warnings.warn("out-of-place layer scale")  # expect: CL131
        return super().forward(x)


class Block(nn.Module):
    ls_layer = partial(WarningLayerScale, init_values=1e-3)

    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.ls = self.ls_layer(dim)

    def forward(self, x):
        return x + self.ls(self.fc(x))


def example():
    return Block(), (torch.randn(2, 4, 8),)
