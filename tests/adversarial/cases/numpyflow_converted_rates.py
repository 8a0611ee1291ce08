"""The same numpy schedules converted to Python floats before they reach a module (`.tolist()`, `float(x)`,
`x.item()`), or a rate some construction leaves at its float default: the stored rate is a float, and testing it in
forward compiles. A rate computed with a numpy scalar (`1 - self.drop_prob`) is no test and compiles either way."""
import numpy as np
import torch
from torch import nn


class StochasticDepth(nn.Module):
    def __init__(self, p=0.0):
        super().__init__()
        self.p = p

    def forward(self, x):
        if self.p == 0.0 or not self.training:
            return x
        keep = 1.0 - self.p
        return x * x.new_empty((x.shape[0], 1)).bernoulli_(keep) / keep


class Scaled(nn.Module):
    def __init__(self, rate):
        super().__init__()
        self.rate = rate

    def forward(self, x):
        return x * (1 - self.rate)


class Mixed(nn.Module):
    def __init__(self, p=0.0):
        super().__init__()
        self.p = p

    def forward(self, x):
        if self.p > 0.0:
            return x * 0.5
        return x


class Net(nn.Module):
    def __init__(self, depth=3, rate=0.1):
        super().__init__()
        listed = np.linspace(0, rate, depth).tolist()
        floats = [float(x) for x in np.linspace(0, rate, depth)]
        items = [x.item() for x in np.linspace(0, rate, depth)]
        self.a = nn.Sequential(*[StochasticDepth(listed[i]) for i in range(depth)])
        self.b = nn.Sequential(*[StochasticDepth(floats[i]) for i in range(depth)])
        self.c = nn.Sequential(*[StochasticDepth(items[i]) for i in range(depth)])
        rates = np.linspace(0, rate, depth)
        self.d = nn.Sequential(*[Scaled(rates[i]) for i in range(depth)])
        self.e = Mixed()
        self.f = Mixed(0.2)

    def forward(self, x):
        return self.f(self.e(self.d(self.c(self.b(self.a(x))))))


def example():
    return Net().train(), (torch.randn(2, 8),)
