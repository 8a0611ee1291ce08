import torch
from torch import nn


class Lazy(nn.Module):
    def forward(self, x):
        h = nn.Linear(8, 8)(x)  # expect: CL145
        w = nn.Parameter(torch.ones(8))  # expect: CL145
        return h * w


def example():
    return Lazy(), (torch.randn(2, 8),)
