"""A `for` loop over `enumerate` of a generator function under `@torch.enable_grad()`, called on a submodule
(grad_mode_generators.py says why it breaks)."""
import torch
from torch import nn


class Levels(nn.Module):
    @torch.enable_grad()
    def each(self, x, steps):
        for i in range(steps):
            yield x - i


class Enumerated(nn.Module):
    def __init__(self):
        super().__init__()
        self.levels = Levels()

    def forward(self, x):
        out = x
        for i, level in enumerate(self.levels.each(x, 3)):  # expect: CL162
            out = out + i * level
        return out


def example():
    return Enumerated(), (torch.randn(2, 4),)
