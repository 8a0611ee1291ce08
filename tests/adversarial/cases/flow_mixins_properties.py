"""Breaks behind a mixin method, a property and a `__call__` override of a plain helper object."""
import torch
from torch import nn


class DebugMixin:
    verbose = True

    def trace(self, name, x):
        if self.verbose:
            print(name, x.shape)  # expect: CL131
        return x


class Quantizer:
    def __init__(self, bits):
        self.bits = bits

    def __call__(self, x):
        scale = float(x.abs().max()) / (2 ** (self.bits - 1) - 1)  # expect: CL111
        return torch.round(x / scale) * scale


class Model(DebugMixin, nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.quant = Quantizer(8)

    @property
    def sparsity(self):
        return (self.lin.weight == 0).sum().item() / self.lin.weight.numel()  # expect: CL111

    def forward(self, x):
        x = self.trace("in", x)
        x = self.quant(self.lin(x))
        return x * (1 - self.sparsity)


def example():
    return Model(), (torch.randn(2, 4),)
