"""`os.path.join` of constant strings in forward, and `open()` of a file."""
import os

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        name = os.path.join("a", "b")
        h = x * len(name)
        with open(os.devnull, "w") as fh:  # expect: CL135
            fh.write("x")
        return h


def example():
    return Model(), (torch.randn(2, 3),)
