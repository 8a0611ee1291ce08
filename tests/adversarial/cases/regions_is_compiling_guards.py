"""Branches guarded by `is_compiling()` in every spelling are never traced."""
import torch
import torch._dynamo
from torch import nn
from torch.compiler import is_compiling


class Model(nn.Module):
    def forward(self, x):
        if not torch.compiler.is_compiling():
            print("eager", x.sum().item())
        if torch._dynamo.is_compiling():
            x = x * 2
        else:
            print("eager again", x.nonzero())
        if is_compiling():
            return x
        return x[x > 0]


def example():
    return Model(), (torch.randn(2, 3),)
