"""math functions of shapes, annotated floats and module constants: Python numbers, no break."""
import math

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.dim = dim
        self.temperature = 0.5

    def forward(self, x, scale: float = 2.0):
        a = math.sqrt(x.shape[-1])
        b = math.log(scale) + math.exp(self.temperature)
        c = math.ceil(x.size(0) / 3) + math.floor(self.dim / 3)
        return x * a * b * c * math.pi


def example():
    return Model(), (torch.randn(2, 4),)
