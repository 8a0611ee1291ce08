"""`out[key] = value` on an object of a project class runs its `__setitem__` with the key and the value, inlined by
dynamo: a break there is the compiled code's (adversarial batch 19: a model-output dict subclass testing the values
stored into it). A `__setitem__` that tests shapes, and stores into a plain dict, compile."""
from collections import OrderedDict

import torch
from torch import nn


class FiniteOutput(OrderedDict):
    def __setitem__(self, key, value):
        if not torch.isfinite(value).all():  # expect: CL101
            raise ValueError(key)
        super().__setitem__(key, value)


class Stats:
    def __init__(self):
        self.values = {}

    def __setitem__(self, key, value):
        self.values[key] = float(value.mean())  # expect: CL111


class RankedOutput(OrderedDict):
    def __setitem__(self, key, value):
        if value.dim() < 2:
            raise ValueError(key)
        super().__setitem__(key, value)


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        h = self.lin(x)
        out = FiniteOutput()
        out["hidden"] = h
        stats = Stats()
        stats["hidden"] = h
        ranked = RankedOutput()
        ranked["hidden"] = h
        plain = {}
        plain["hidden"] = h
        return out["hidden"] + ranked["hidden"] + plain["hidden"]


def example():
    return Head(), (torch.randn(2, 4),)
