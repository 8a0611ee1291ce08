"""Stages fetched with `getattr(self, f"layer{i}")` and block classes picked from a dict by name; every branch
tests a module attribute against None or a stride, never a tensor."""
import torch
from torch import nn


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, stride, 1)
        self.downsample = nn.Conv2d(cin, cout, 1, stride) if stride != 1 or cin != cout else None

    def forward(self, x):
        shortcut = x if self.downsample is None else self.downsample(x)
        return torch.relu(self.conv(x) + shortcut)


class Bottleneck(BasicBlock):
    expansion = 4


BLOCKS = {"basic": BasicBlock, "bottleneck": Bottleneck}


class ResNetLike(nn.Module):
    def __init__(self, block="basic", widths=(4, 8)):
        super().__init__()
        block_cls = BLOCKS[block]
        cin = 4
        for i, width in enumerate(widths):
            self.add_module(f"layer{i + 1}", block_cls(cin, width, stride=1 if i == 0 else 2))
            cin = width
        self.num_layers = len(widths)

    def forward(self, x):
        for i in range(1, self.num_layers + 1):
            x = getattr(self, f"layer{i}")(x)
        return x.mean((2, 3))


def example():
    return ResNetLike(), (torch.randn(1, 4, 4, 4),)
