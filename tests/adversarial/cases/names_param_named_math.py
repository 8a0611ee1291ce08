"""A parameter named `math` holding an object with a `floor` method that is plain Python."""
import math as _math

import torch
from torch import nn


class Ops:
    def floor(self, value):
        return value // 1


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.ops = Ops()

    def forward(self, x):
        return self.scale(x, self.ops)

    def scale(self, x, math):
        return x * math.floor(7.5) + _math.sqrt(4.0)


def example():
    return Model(), (torch.randn(2, 3),)
