import torch
from torch import nn


class Flatten(nn.Module):
    def forward(self, x):
        h = x + 1
        buf = torch.empty(0)
        buf.resize_(h.numel())  # expect: CL150
        buf.copy_(h.flatten())
        return buf * 2


def example():
    return Flatten(), (torch.randn(2, 8),)
