"""`import warnings as w`: the alias still warns."""
import warnings as w

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        h = x + 1
        w.warn("deprecated path")  # expect: CL131
        return h


def example():
    return Model(), (torch.randn(2, 3),)
