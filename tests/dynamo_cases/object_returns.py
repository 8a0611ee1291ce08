"""Tensors a method hands back to its caller, the method one of an object only the project-wide step resolves:
a solver built from a registry (`solver = SOLVERS[name](dtype)`), one made here, a parameter whose method name
only the project defines. `x, t_span = solver.synced(x, t_span)` returns its arguments (or `.to()` of them),
so what follows branches on tensors, where the call hands it tensors: `counted` hands it ints, what comes back is
an int there (dynamo specializes it), whatever other calls pass. object_returns_ints.py hands it only ints."""
import torch

from compilelint import Example


class Euler:
    def __init__(self, dtype=None):
        self.dtype = dtype

    def synced(self, a, b):
        return a, b

    def on_device_of(self, t_span, x):
        return t_span.to(x.device)


SOLVERS = {"euler": Euler}


def from_registry(x, t_span, name):
    solver = SOLVERS[name](x.dtype)
    x, t_span = solver.synced(x, t_span)
    if t_span[-1] > t_span[0]:  # expect: CL101
        x = x * 2
    return x


def made_here(x, t_span):
    solver = Euler(x.dtype)
    end = solver.on_device_of(t_span, x)[-1]
    if end > 0:  # expect: CL101
        x = x + 1
    return x


def handed_in(solver, x, t_span):
    t_span, x = solver.synced(t_span, x)
    if x.sum() > t_span[0]:  # expect: CL101
        x = x - 1
    return x


def counted(solver, steps):
    first, last = solver.synced(0, steps)
    if last > first:
        return 1
    return 0


def run(x, t_span):
    x = from_registry(x, t_span, "euler") + made_here(x, t_span) + handed_in(Euler(), x, t_span)
    return x * counted(Euler(), 3)


compiled = torch.compile(run)


def example():
    return Example(run, (torch.randn(4), torch.linspace(0, 1, 5)))
