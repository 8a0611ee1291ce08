"""A HaloAttention-style layer pads the feature map up to a multiple of its block size; the block size is kept as a
0-d buffer and the padding computed from it is given to `F.pad` through `int()`."""
import torch
import torch.nn.functional as F
from torch import nn


class HaloPad(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("block_size", torch.tensor(4))
        self.conv = nn.Conv2d(3, 3, 1)

    def forward(self, x):
        pad_h = (-x.shape[2]) % self.block_size
        pad_w = (-x.shape[3]) % self.block_size
        x = F.pad(x, (0, int(pad_w), 0, int(pad_h)))  # expect: CL111
        return self.conv(x)


def example():
    return HaloPad(), (torch.randn(2, 3, 5, 6),)
