"""An average meter kept on the module: `self.meter += loss` runs the meter's `__iadd__`, which accumulates
the value as a Python float."""
import torch
from torch import nn


class AverageMeter:
    def __init__(self):
        self.total, self.count = 0.0, 0

    def __iadd__(self, value):
        self.total += float(value)  # expect: CL111
        self.count += 1
        return self


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.meter = AverageMeter()

    def forward(self, x):
        out = self.lin(x)
        self.meter += out.pow(2).mean()  # known-miss: CL158
        return out


def example():
    return Model(), (torch.randn(2, 4),)
