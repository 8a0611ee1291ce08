"""A forward hook registered in __init__ runs inside the compiled call of the module."""
import torch
from torch import nn


def announce(module, inputs, output):
    print("ran", type(module).__name__)  # expect: CL131


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_forward_hook(announce)

    def forward(self, x):
        return x * 2


def example():
    return Model(), (torch.randn(2, 3),)
