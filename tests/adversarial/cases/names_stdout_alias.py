"""`sys.stdout` reached through a local alias."""
import sys

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        out = sys.stdout
        h = x + 1
        out.write("step\n")  # expect: CL139
        return h


def example():
    return Model(), (torch.randn(2, 3),)
