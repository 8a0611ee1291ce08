"""`range()` of an int tensor (`x.sum().int()`) breaks."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, counts):
        n = counts.sum().int()
        for _ in range(n):  # expect: CL114
            x = x * 0.5
        return x


def example():
    return Model(), (torch.randn(2, 3), torch.tensor([1, 1]))
