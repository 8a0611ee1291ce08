"""`str()` / `repr()` of a tensor: the tensor is formatted on the host."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        h = x + 1
        text = repr(h)  # expect: CL137
        return h * len(text)


def example():
    return Model(), (torch.randn(2, 3),)
