"""A project module stored in an nn.ModuleDict and called by key in forward."""
import torch
from torch import nn


class Head(nn.Module):
    def forward(self, x):
        return x.argmax(-1).tolist()  # expect: CL112


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"a": Head()})

    def forward(self, x):
        return self.heads["a"](x)


def example():
    return Model(), (torch.randn(2, 3),)
