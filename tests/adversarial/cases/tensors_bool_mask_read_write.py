"""Boolean-mask writes compile; reads produce a data-dependent shape."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        mask = x > 0
        x = x.clone()
        x[mask] = 0.0
        x[~mask] *= 2  # expect: CL122
        picked = x[x < 0]  # expect: CL122
        return x.sum() + picked.sum()


def example():
    return Model(), (torch.randn(2, 3),)
