"""object_returns.py's method handed ints: what it hands back is an int, so the same branches are
specialized by dynamo (no break) and nothing is flagged."""
import torch

from compilelint import Example


class Euler:
    def __init__(self, dtype=None):
        self.dtype = dtype

    def synced(self, a, b):
        return a, b


SOLVERS = {"euler": Euler}


def from_registry(x, steps, name):
    solver = SOLVERS[name](x.dtype)
    first, last = solver.synced(0, steps)
    if last > first:
        x = x * 2
    return x


def handed_in(solver, x, steps):
    count, x = solver.synced(steps, x)
    if count > 2:
        x = x - 1
    return x


def run(x):
    return from_registry(x, 4, "euler") + handed_in(Euler(), x, 3)


compiled = torch.compile(run)


def example():
    return Example(run, (torch.randn(4),))
