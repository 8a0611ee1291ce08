"""A child block reaches its owner through a `weakref.ref` and reads the owner's Python scale and the gate's
shape."""
import weakref

import torch
from torch import nn


class Child(nn.Module):
    def __init__(self, owner, dim=4):
        super().__init__()
        self._owner = weakref.ref(owner)
        self.lin = nn.Linear(dim, dim)

    def forward(self, x):
        owner = self._owner()
        if owner.gate.shape[0] == x.shape[-1] and owner.scale > 1:
            x = x * owner.gate
        return self.lin(x)


class Owner(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.gate = nn.Parameter(torch.ones(dim))
        self.scale = 2.0
        self.child = Child(self, dim)

    def forward(self, x):
        return self.child(x)


def example():
    return Owner(), (torch.randn(2, 4),)
