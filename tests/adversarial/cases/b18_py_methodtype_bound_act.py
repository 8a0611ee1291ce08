"""An activation chosen in __init__ and bound to the instance with types.MethodType: forward calls
`self.act(x)`, an instance attribute holding a bound method of a module-level function that tests the tensor."""
import types

import torch
from torch import nn


def _clip_act(self, x):
    if (x.abs() > self.limit).any():  # known-miss: CL101
        x = x.clamp(-self.limit, self.limit)
    return x


def _relu_act(self, x):
    return x.relu()


class ActBlock(nn.Module):
    def __init__(self, dim=4, limit=3.0, kind="clip"):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.limit = limit
        self.act = types.MethodType(_clip_act if kind == "clip" else _relu_act, self)

    def forward(self, x):
        return self.act(self.lin(x))


def example():
    return ActBlock(), (torch.randn(2, 4) * 4,)
