"""The same stack whose blocks return a (tensor, count) pair, the count a Python int: testing the count after the
loop, or by index, is a plain Python branch; and a ModuleList of blocks whose forward returns a Python bool."""
import torch
from torch import nn


class CountingBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.proj(x), x.shape[0]


class Ready(nn.Module):
    def __init__(self, rows=1):
        super().__init__()
        self.rows = rows

    def forward(self, x):
        return x.shape[0] >= self.rows


class Stack(nn.Module):
    def __init__(self, dim=8, depth=2):
        super().__init__()
        self.blocks = nn.ModuleList([CountingBlock(dim) for _ in range(depth)])
        self.checks = nn.ModuleList([Ready()])

    def forward(self, x):
        h, n = torch.tanh(x), 0
        for block in self.blocks:
            h, n = block(h)
        if n > 0:
            h = h * 2
        _, rows = self.blocks[0](torch.tanh(x))
        if rows > 1:
            h = h - 1
        for check in self.checks:
            ready = check(h)
        if ready:
            h = h + 1
        return h


def example():
    return Stack(), (torch.randn(2, 8),)
