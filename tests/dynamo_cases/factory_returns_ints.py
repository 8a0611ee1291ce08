"""factory_returns.py's solvers handed ints (what comes back is an int: dynamo specializes the branch), and
factories whose local is bound more than once or in a loop: what they return is unknown, nothing is flagged."""
import torch

from compilelint import Example


class Euler:
    def __init__(self, dtype=None):
        self.dtype = dtype

    def synced(self, a, b):
        return a, b


SOLVERS = {"euler": Euler}


def make_solver(name, dtype):
    solver = SOLVERS[name]
    return solver(dtype)


def make_rebound(name, dtype):
    solver = SOLVERS[name]
    solver = int
    return solver(dtype)


def make_looped(names, dtype):
    for solver in names:
        pass
    return solver(dtype)


def run(x):
    first, last = make_solver("euler", x.dtype).synced(0, 3)
    if last > first:
        x = x * 2
    if make_rebound("euler", 3) > 2:
        x = x + 1
    if make_looped([SOLVERS["euler"], int], 4) > 3:
        x = x - 1
    return x


compiled = torch.compile(run)


def example():
    return Example(run, (torch.randn(4),))
