"""`torch.allclose` / `torch.equal` used as Python booleans."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, y):
        h = x + y
        if torch.allclose(x, y):  # expect: CL102
            h = h * 2
        return h


def example():
    return Model(), (torch.randn(2, 3), torch.randn(2, 3))
