import torch
from torch import nn


class Flatten(nn.Module):
    def forward(self, x):
        h = x + 1
        buf = torch.empty(h.numel())
        buf.copy_(h.flatten())
        return buf * 2


def example():
    return Flatten(), (torch.randn(2, 8),)
