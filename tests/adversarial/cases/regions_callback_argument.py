"""A callback handed to a compiled function is traced where it is called."""
import torch

import compilelint


def report(t):
    return t * t.max().item()  # known-miss: CL111


@torch.compile(backend="eager")
def step(x, callback):
    h = x.relu()
    return callback(h)


def example():
    return compilelint.Example(step, (torch.randn(2, 3), report), compiles_itself=True)
