"""Nested functions (called and not called) and code after an unconditional return."""
import torch
from torch import nn


def finish(x):
    return x * 2
    print("unreachable", x)


class Model(nn.Module):
    def forward(self, x):
        scale = 2.0

        def apply(t):
            return t * scale

        def debug(t):
            print(t)
            return t

        def peak(t):
            return t.max().item()  # expect: CL111

        x = apply(x)
        m = peak(x)
        return finish(x) + m


def example():
    return Model(), (torch.randn(2, 4),)
