import torch
from torch import nn


class Whole(nn.Module):
    def forward(self, x):
        h = x + 1
        return h * 2


def example():
    return Whole(), (torch.randn(2, 8),)
