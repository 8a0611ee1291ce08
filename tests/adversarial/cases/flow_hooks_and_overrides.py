"""A forward pre-hook registered in __init__, an overridden `__call__` on an nn.Module subclass, and
`_call_impl` paths: the hook body runs inside the compiled call."""
import torch
from torch import nn


def count_hook(module, args):
    module.calls += 1
    return (args[0] * 1.0,)


def inspect_hook(module, args, output):
    print("output", output.shape)  # expect: CL131


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.calls = 0
        self.register_forward_pre_hook(count_hook)
        self.register_forward_hook(inspect_hook)

    def forward(self, x):
        return self.lin(x)


class Wrapped(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def __call__(self, x):
        x = x - x.mean()
        return super().__call__(x)

    def forward(self, x):
        return self.inner(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.wrapped = Wrapped()

    def forward(self, x):
        return self.wrapped(x)


def example():
    return Model(), (torch.randn(2, 4),)
