"""A dataclass holding the last shift and scale (0-d tensors); `==` between two of them compares the tensor fields inside
the generated `__eq__` (a tuple comparison that takes each element's truth value)."""
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class Modulation:
    shift: torch.Tensor
    scale: torch.Tensor


class AdaNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 2)
        self.last = None

    def forward(self, x, emb):
        shift, scale = self.proj(emb).unbind(-1)
        mod = Modulation(shift, scale)
        if self.last is not None and mod == self.last:  # known-miss: CL102
            return x
        self.last = mod
        return x * (1 + mod.scale) + mod.shift


def example():
    m = AdaNorm()
    e = torch.randn(4)
    shift, scale = m.proj(e).detach().unbind(-1)
    m.last = Modulation(shift, scale)
    return m, (torch.randn(1, 4), e)
