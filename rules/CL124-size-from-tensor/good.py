import math

import numpy as np
import torch
from torch import nn


class Positions(nn.Module):
    def forward(self, x, lengths, width):
        pos = torch.arange(x.shape[1])
        mask = pos[None, :] < lengths[:, None]
        fill = torch.full((2,), lengths.sum())
        pad = torch.zeros(width, 2)
        return (x * mask).sum(1) + fill.sum() + pad.sum()


class SpatialAttention(nn.Module):
    def forward(self, q):
        b, c, *spatial = q.shape
        q = q.permute(0, 2, 3, 1).reshape(b, math.prod(spatial), c)  # Python ints: no tensor value
        half = q.new_zeros(int(np.ceil(c / 2)))  # numpy of a Python number folds to a constant
        return q / np.sqrt(c) + half.sum()  # a numpy value as a factor, not a size, compiles


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.positions, self.attention = Positions(), SpatialAttention()

    def forward(self, x, lengths, width, q):
        return self.positions(x, lengths, width).sum() + self.attention(q).sum()


def example():
    return Both(), (torch.randn(4, 6), torch.tensor([1, 6, 3, 2]), 3, torch.randn(2, 3, 4, 4))
