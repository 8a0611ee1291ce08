"""The halo padding twin: the block size is a Python int, so the padding is shape arithmetic through `int()`."""
import torch
import torch.nn.functional as F
from torch import nn


class HaloPad(nn.Module):
    def __init__(self, block_size=4):
        super().__init__()
        self.block_size = block_size
        self.conv = nn.Conv2d(3, 3, 1)

    def forward(self, x):
        pad_h = (-x.shape[2]) % self.block_size
        pad_w = (-x.shape[3]) % self.block_size
        x = F.pad(x, (0, int(pad_w), 0, int(pad_h)))
        return self.conv(x)


def example():
    return HaloPad(), (torch.randn(2, 3, 5, 6),)
