"""f-strings that format shapes and dtypes compile."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        key = f"{x.shape[0]}x{x.shape[1]}:{x.dtype}"
        return x * len(key)


def example():
    return Model(), (torch.randn(2, 3),)
