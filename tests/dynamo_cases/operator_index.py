"""`operator.index(t)` runs `Tensor.__index__`, the `.item()` of an integer tensor: a graph break as `int(t)` (GB0124,
measured on 2.13; a timm-style EMA helper reads its step buffer so, adversarial batch 18); of a shape entry or a
Python int it compiles."""
import operator
from operator import index

import torch
from torch import nn


class Warmup(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("step", torch.tensor(3))
        self.warmup = 2

    def forward(self, x):
        done = operator.index(self.step) - self.warmup  # expect: CL111
        rows = operator.index(x.shape[0]) + index(self.warmup)
        k = index(x.argmax())  # expect: CL111
        return x * done + rows + k


def example():
    return Warmup(), (torch.randn(4, 3),)
