"""A timm-style stochastic-depth schedule built with numpy: `dpr = np.linspace(0, rate, depth)` hands each block a
numpy.float64 (an element of the array, or of a list of its elements), which the block hands on to DropPath, whose
__init__ stores it as `self.drop_prob`. In compiled code dynamo traces that attribute as a 0-d array: comparing it is
a data-dependent branch (GB0170), where arithmetic with it compiles. The same schedule converted first (`.tolist()`,
`float(...)`) stores Python floats, and the same test compiles."""
import numpy as np
import torch
from torch import nn


class DropPath(nn.Module):
    def __init__(self, drop_prob=0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        if self.drop_prob == 0.0 or not self.training:  # expect: CL101
            return x
        keep_prob = 1 - self.drop_prob
        mask = x.new_empty((x.shape[0], 1)).bernoulli_(keep_prob)
        return x * mask / keep_prob


class ScaledDrop(nn.Module):
    def __init__(self, drop_prob, scale=2.0):
        super().__init__()
        self.drop_prob = drop_prob
        self.scale = scale

    def forward(self, x):
        if self.drop_prob > 0.0:  # expect: CL101
            x = x * self.scale
        if not self.drop_prob:  # known-miss: CL101
            x = x + 1
        return x * (1.0 - self.drop_prob)


class Block(nn.Module):
    def __init__(self, dim, drop_path=0.0):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.drop_path = DropPath(drop_path)

    def forward(self, x):
        return x + self.drop_path(self.fc(x))


class PlainDrop(nn.Module):
    def __init__(self, drop_prob=0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        if self.drop_prob == 0.0 or not self.training:
            return x
        return x * (1.0 - self.drop_prob)


class Net(nn.Module):
    def __init__(self, depth=3, rate=0.1):
        super().__init__()
        dpr = np.linspace(0, rate, depth)
        self.blocks = nn.Sequential(*[Block(8, drop_path=dpr[i]) for i in range(depth)])
        rates = [r for r in np.linspace(0, rate, depth)]
        self.scaled = nn.Sequential(*[ScaledDrop(rates[i]) for i in range(1, depth)])
        plain = np.linspace(0, rate, depth).tolist()
        self.plain = nn.Sequential(*[PlainDrop(plain[i]) for i in range(depth)],
                                   PlainDrop(float(np.linspace(0, rate, depth)[1])))

    def forward(self, x):
        return self.plain(self.scaled(self.blocks(x)))


def example():
    return Net().train(), (torch.randn(2, 8),)
