"""`from torch import where`: one argument returns indices (data-dependent), three arguments select."""
import torch
from torch import nn, where


class Model(nn.Module):
    def forward(self, x):
        picked = where(x > 0, x, -x)
        rows, cols = where(x > 0)  # expect: CL121
        return picked.sum() + rows.sum() + cols.sum()


def example():
    return Model(), (torch.randn(2, 3),)
