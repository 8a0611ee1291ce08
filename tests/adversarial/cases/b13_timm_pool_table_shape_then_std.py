"""A global-pool table by name; the `auto` pool tests a shape and then the feature map's spread in one `and`."""
import torch
from torch import nn

from b13_quiet_timm_layers import ClassifierBase


def _auto_pool(x):
    if x.shape[-1] > 1 and x.std() > 1.0:  # known-miss: CL101
        return x.amax((-2, -1))
    return x.mean((-2, -1))


POOLS = {"avg": lambda x: x.mean((-2, -1)), "max": lambda x: x.amax((-2, -1)), "auto": _auto_pool}


class ConvNet(ClassifierBase):
    def __init__(self, dim=8, global_pool="auto"):
        super().__init__(dim)
        self.conv = nn.Conv2d(3, dim, 3, padding=1)
        self.pool = POOLS[global_pool]

    def forward_features(self, x):
        return self.conv(x)

    def forward_head(self, x, pre_logits=False):
        x = self.pool(x)
        return x if pre_logits else self.head(x)


def example():
    return ConvNet(), (torch.randn(2, 3, 4, 4),)
