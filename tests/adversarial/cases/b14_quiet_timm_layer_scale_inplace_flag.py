"""The helpers' `LayerScale` with `inplace` a Python bool, a drop path whose keep mask is drawn with
`torch.rand` and applied by multiplication, training tested as a Python bool."""
import torch
from torch import nn

from b14_quiet_timm_helpers import LayerScale, Mlp


def drop_path(x, drop_prob=0.0, training=False):
    if drop_prob == 0.0 or not training:
        return x
    keep_prob = 1 - drop_prob
    mask = x.new_empty((x.shape[0],) + (1,) * (x.ndim - 1)).bernoulli_(keep_prob)
    return x * mask / keep_prob


class Block(nn.Module):
    def __init__(self, dim=8, drop_path_rate=0.1):
        super().__init__()
        self.mlp = Mlp(dim)
        self.ls = LayerScale(dim, inplace=False)
        self.drop_prob = drop_path_rate

    def forward(self, x):
        return x + drop_path(self.ls(self.mlp(x)), self.drop_prob, self.training)


def example():
    return Block(), (torch.randn(2, 3, 8),)
