"""A base class's method calls a class its subclasses bind in their class bodies (`struct = LinearChain`, read as
`self.struct(semiring)` in the base's `_struct`, then `self._struct(...).marginals(...)`): torch-struct's distributions,
missed in held-out 87 (the break sat in the struct's method, which nothing reached). The struct's `.item()` breaks
(GB0124) in the compiled forward like a call the base spells itself; the quiet struct's method compiles."""
import torch
from torch import nn


class Chain:
    def __init__(self, semiring=None):
        self.semiring = semiring

    def marginals(self, potentials):
        scale = potentials.abs().max().item()  # expect: CL111
        return torch.softmax(potentials / scale, dim=-1)


class Flat:
    def __init__(self, semiring=None):
        self.semiring = semiring

    def marginals(self, potentials):
        return torch.softmax(potentials, dim=-1)


class Distribution:
    def __init__(self, log_potentials):
        self.log_potentials = log_potentials

    def _struct(self, semiring=None):
        return self.struct(semiring)

    def marginals(self):
        return self._struct().marginals(self.log_potentials)


class ChainCRF(Distribution):
    struct = Chain


class FlatCRF(Distribution):
    struct = Flat


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        potentials = self.proj(x)
        return FlatCRF(potentials).marginals() + ChainCRF(potentials).marginals()  # expect: CL158


def example():
    return Tagger(), (torch.randn(2, 5, 4),)
