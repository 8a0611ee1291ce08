"""A tensor hook in forward compiles; registering a module hook in forward breaks."""
import torch
from torch import nn


def noop_hook(module, inputs, output):
    return None


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(3, 3)

    def forward(self, x):
        h = self.proj(x)
        handle = self.proj.register_forward_hook(noop_hook)  # expect: CL154
        handle.remove()  # known-miss: CL154
        return h


def example():
    return Model(), (torch.randn(2, 3),)
