import torch
from torch import nn


class Rank(nn.Module):
    def forward(self, a, b, c):
        ordered = sorted([a, b, c], key=lambda t: t.sum())  # expect: CL148
        return ordered[0] - ordered[-1]


def example():
    return Rank(), (torch.randn(2, 3), torch.randn(2, 3), torch.randn(2, 3))
