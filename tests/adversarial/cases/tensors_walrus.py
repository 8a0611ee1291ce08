"""Walrus-bound tensors in conditions."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        if (n := x.shape[0]) > 1:
            x = x * n
        if (total := x.sum()) > 0:  # expect: CL101
            x = x / total
        return x


def example():
    return Model(), (torch.randn(2, 3),)
