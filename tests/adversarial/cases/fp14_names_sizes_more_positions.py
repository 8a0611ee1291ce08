"""Sizes in more of torch's size positions (new_full's and torch.full's shape, an adaptive pool's output size,
randint's size tuple): the inputs passed there are ints, so `float()`/`int()` of them are Python arithmetic."""
import torch
from torch import nn
from torch.nn import functional as F


class Pool(nn.Module):
    def forward(self, x, height, width, bins):
        a = x.new_full((height, width), 0.0)
        b = torch.full((height, width), 1.0)
        c = F.adaptive_avg_pool2d(x, (height, width))
        d = torch.randint(0, 5, (bins,))
        scale = float(width - 1) / float(height - 1)
        return a + b + c.sum() + d.sum() * scale + int(bins) * 0


def example():
    return Pool(), (torch.randn(1, 2, 6, 6), 3, 4, 5)
