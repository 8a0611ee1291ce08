"""`is_compiling()` read into a variable first: the guard still holds under dynamo."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        compiling = torch.compiler.is_compiling()
        if not compiling:
            print("eager", x.sum().item())
        return x * 2


def example():
    return Model(), (torch.randn(2, 3),)
