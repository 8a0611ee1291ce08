"""An early return under `is_compiling()`: the code after it never runs under dynamo."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        if torch.compiler.is_compiling():
            return x * 2
        print("eager path", x.nonzero())
        return x * 2


def example():
    return Model(), (torch.randn(2, 3),)
