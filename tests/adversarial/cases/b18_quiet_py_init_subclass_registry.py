"""Heads register themselves through __init_subclass__; the margin head picked by the factory keeps its margin
as a Python float from the config."""
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


class MarginHead(HeadBase, key="margin"):
    def __init__(self, dim, margin=0.2):
        super().__init__(dim)
        self.margin = float(margin)

    def forward(self, x):
        m = min(max(self.margin, 0.0), 1.0)
        return self.fc(x) - m


def build_head(name, dim, **kwargs):
    return _HEADS[name](dim, **kwargs)


class Classifier(nn.Module):
    def __init__(self, dim=4, head="margin"):
        super().__init__()
        self.body = nn.Linear(dim, dim)
        self.head = build_head(head, dim, margin=0.3)

    def forward(self, x):
        return self.head(self.body(x).relu())


def example():
    return Classifier(), (torch.randn(2, 4),)
