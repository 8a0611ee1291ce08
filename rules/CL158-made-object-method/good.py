import torch
from torch import nn


class Integrator:
    def __init__(self, y0):
        self.y0 = y0

    def integrate(self, t):
        return self._step(t)

    def _step(self, t):
        return self.y0 * t  # no break inside: the object dynamo made needs no rebuilding


SOLVERS = {"euler": Integrator}


def integrate_direct(h, t):
    solver = Integrator(h)
    return solver.integrate(t)


def integrate_registered(y, t):
    return SOLVERS["euler"](y).integrate(t)


class ODEBlock(nn.Module):
    def forward(self, x, t):
        y = integrate_direct(x * 2, t)
        return integrate_registered(y, t)


def example():
    return ODEBlock(), (torch.randn(4), torch.tensor(0.5))
