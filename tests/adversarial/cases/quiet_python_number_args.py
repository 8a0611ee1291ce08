"""Python ints and floats passed as arguments: int(), float(), round, math functions and range over
them are plain Python, not tensor conversions."""
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, scale: float, steps: int, temperature=0.5):
        k = int(steps)
        s = float(scale)
        decay = math.exp(-s) * round(temperature, 2) * math.ceil(k / 2)
        for _ in range(k):
            x = x * decay
        if s > 1.0:
            x = x / s
        return x.clamp(max=abs(s)) + max(k, 1)


def example():
    return Model(), (torch.randn(2, 3), 1.5, 3)
