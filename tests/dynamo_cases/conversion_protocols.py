"""Builtins that hand a tensor to Python through an object's special method, and `abs()` of a tensor (adversarial
batch 15): `float(level)` runs the project object's `__float__`, `int(span)` its `__int__`, `bool(cache)` its
`__bool__`, each inlined by dynamo, so a `.item()` there breaks the compiled code; `abs(buffer - 1.0)` is
`Tensor.__abs__`, a tensor, and testing it is a data-dependent branch (GB0170). The same builtins on objects whose
methods return Python values, and `abs()` of a Python float, compile."""
import torch
from torch import nn


class Level:
    def __init__(self, sigma):
        self.sigma = sigma

    def __float__(self):
        return self.sigma.item()  # expect: CL111


class Span:
    def __init__(self, end):
        self.end = end

    def __int__(self):
        return self.end.item()  # expect: CL111


class Filled:
    def __init__(self, used):
        self.used = used

    def __bool__(self):
        return self.used.any().item()  # expect: CL111


class PythonLevel:
    def __init__(self, sigma):
        self.sigma = float(sigma)

    def __float__(self):
        return self.sigma

    def __bool__(self):
        return self.sigma > 0


class Preconditioner(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("scale", torch.tensor(2.0))
        self.level = Level(torch.tensor(1.7))
        self.span = Span(torch.tensor(3))
        self.filled = Filled(torch.ones(2, dtype=torch.bool))
        self.python_level = PythonLevel(0.5)
        self.factor = 1.5

    def forward(self, x):
        x = x * float(self.python_level)
        if bool(self.python_level) and abs(self.factor - 1.0) > 1e-6:
            x = x * self.factor
        if abs(self.scale - 1.0) > 1e-6:  # expect: CL101
            x = x / self.scale
        x = x * float(self.level)
        x = x[: int(self.span)]
        if bool(self.filled):
            x = x + 1
        return x * abs(self.scale)


def example():
    return Preconditioner(), (torch.randn(4, 4),)
