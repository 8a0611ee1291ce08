import torch
from torch import nn


class Debugged(nn.Module):
    def forward(self, x):
        h = x + 1
        return h * 2


def example():
    return Debugged(), (torch.randn(2, 8),)
