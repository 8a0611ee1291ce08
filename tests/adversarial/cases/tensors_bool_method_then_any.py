"""`.bool().any()` and `len(x.nonzero())`: the data decides."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        if x.bool().any():  # expect: CL101
            x = x + 1
        n = len(x.nonzero())  # expect: CL121
        return x * n


def example():
    return Model(), (torch.randn(2, 3),)
