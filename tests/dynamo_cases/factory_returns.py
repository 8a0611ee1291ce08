"""A solver built by a factory that returns through a local (`solver = SOLVERS[name]; return solver(dtype)`):
the factory's call is the registry's product, so what its method hands back is a tensor where it is handed
tensors, and the compiled function branches on it. factory_returns_ints.py: the same factories, ints."""
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


def make_built(name, dtype):
    built = SOLVERS[name](dtype)
    return built


def run(x, t_span):
    x, t_span = make_solver("euler", x.dtype).synced(x, t_span)
    if t_span[-1] > t_span[0]:  # expect: CL101
        x = x * 2
    t_span, x = make_built("euler", x.dtype).synced(t_span, x)
    while x.sum() < t_span[0]:  # expect: CL101
        x = x + 1
    return x


compiled = torch.compile(run)


def example():
    return Example(run, (torch.randn(4), torch.linspace(0, 1, 5)))
