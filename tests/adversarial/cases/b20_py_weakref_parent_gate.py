"""A child block reaches its owner through a `weakref.ref` (kept to avoid a reference cycle in the module tree)
and tests the owner's gate parameter."""
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
        if owner.gate.sum() > 0:  # known-miss: CL101
            x = x * 2
        return self.lin(x)


class Owner(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.gate = nn.Parameter(torch.ones(dim))
        self.child = Child(self, dim)

    def forward(self, x):
        return self.child(x)


def example():
    return Owner(), (torch.randn(2, 4),)
