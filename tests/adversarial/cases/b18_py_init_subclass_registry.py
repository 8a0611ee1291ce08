"""Heads register themselves through __init_subclass__ under a keyword; a factory in the model's __init__
builds one by name; the registered centre-loss head reads its margin with .item()."""
import torch
from torch import nn

_HEADS = {}


class HeadBase(nn.Module):
    def __init_subclass__(cls, key=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if key is not None:
            _HEADS[key] = cls

    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, 2)


class LinearHead(HeadBase, key="linear"):
    def forward(self, x):
        return self.fc(x)


class MarginHead(HeadBase, key="margin"):
    def __init__(self, dim):
        super().__init__(dim)
        self.margin = nn.Parameter(torch.tensor(0.2))

    def forward(self, x):
        m = self.margin.clamp(0, 1).item()  # expect: CL111
        return self.fc(x) - m


def build_head(name, dim):
    return _HEADS[name](dim)


class Classifier(nn.Module):
    def __init__(self, dim=4, head="margin"):
        super().__init__()
        self.body = nn.Linear(dim, dim)
        self.head = build_head(head, dim)

    def forward(self, x):
        return self.head(self.body(x).relu())


def example():
    return Classifier(), (torch.randn(2, 4),)
