"""`outs[0]` of a list of tensors from a submodule, used in a condition."""
import torch
from torch import nn


class Heads(nn.Module):
    def forward(self, x):
        return [x * 2, x + 1]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = Heads()

    def forward(self, x):
        outs = self.heads(x)
        if outs[0].mean() > 0:  # expect: CL101
            return outs[1]
        return outs[0]


def example():
    return Model(), (torch.randn(2, 3),)
