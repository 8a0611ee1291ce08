"""Breaks in a staticmethod called through self, a module-level function stored as a class attribute,
and a bound method passed as an argument."""
import torch
from torch import nn


def _to_list(t):
    return t.tolist()  # expect: CL112


def apply(fn, x):
    return fn(x)


class Model(nn.Module):
    convert = staticmethod(_to_list)

    @staticmethod
    def _flag(x):
        return bool((x > 0).all())  # expect: CL111

    def _scale(self, x):
        return x * float(x.std())  # known-miss: CL111

    def forward(self, x):
        ok = self._flag(x)
        y = apply(self._scale, x)
        return self.convert(y), ok


def example():
    return Model(), (torch.randn(3, 2),)
