"""A shape compared with a tensor value is a tensor comparison: it breaks."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        if x.shape[0] > x.sum():  # expect: CL101
            return x * 2
        return x


def example():
    return Model(), (torch.randn(2, 3),)
