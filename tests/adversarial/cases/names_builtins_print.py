"""`builtins.print` spelled through the builtins module."""
import builtins

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        h = x + 1
        builtins.print("shape", h.shape)  # expect: CL131
        return h


def example():
    return Model(), (torch.randn(2, 3),)
