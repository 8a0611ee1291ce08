"""A relative-position bias resizes its table when the window changes; the old side length is `int(math.sqrt(
table.numel() // heads))`, a Python number from the table's size."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class RelPosBias(nn.Module):
    def __init__(self, window=3, heads=2):
        super().__init__()
        self.heads = heads
        self.table = nn.Parameter(torch.randn((2 * window - 1) ** 2, heads))

    def forward(self, attn, window: int = 4):
        old = int(math.sqrt(self.table.numel() // self.heads))
        new = 2 * window - 1
        table = self.table.t().reshape(1, self.heads, old, old)
        if new != old:
            table = F.interpolate(table, size=(new, new), mode="bicubic", align_corners=False)
        return attn + table.flatten(2).mean(-1)[..., None]


def example():
    return RelPosBias(), (torch.randn(2, 2, 1),)
