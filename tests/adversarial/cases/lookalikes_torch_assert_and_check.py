"""`torch._assert` on a shape and `torch._check` compile."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        torch._assert(x.shape[-1] == 3, "width must be 3")
        torch._check(x.shape[0] > 0)
        return x * 2


def example():
    return Model(), (torch.randn(2, 3),)
