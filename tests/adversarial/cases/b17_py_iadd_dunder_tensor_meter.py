"""The average meter whose `__iadd__` keeps the running total a tensor (detached), on a fresh object each call:
`meter += tensor` on a user object still breaks on 2.13 (GB0055, the in-place add is handed to a proxy)."""
import torch
from torch import nn


class AverageMeter:
    def __init__(self):
        self.total, self.count = torch.zeros(()), 0

    def __iadd__(self, value):
        self.total = self.total + value.detach()
        return self


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        out = self.lin(x)
        meter = AverageMeter()
        meter += out.pow(2).mean()  # known-miss: CL158
        meter += out.abs().mean()
        return out, meter.total


def example():
    return Model(), (torch.randn(2, 4),)
