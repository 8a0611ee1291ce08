"""`hash()` of a shape tuple is a Python hash; of a tensor it skips the frame."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        key = hash(tuple(x.shape)) % 7
        return x * key


def example():
    return Model(), (torch.randn(2, 3),)
