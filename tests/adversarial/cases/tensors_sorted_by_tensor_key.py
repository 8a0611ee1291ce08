"""`sorted` of tensors by a tensor key compares tensor data."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, a, b):
        parts = sorted([a, b], key=lambda t: t.sum())  # expect: CL148
        return parts[0] - parts[1]


def example():
    return Model(), (torch.randn(2, 3), torch.randn(2, 3))
