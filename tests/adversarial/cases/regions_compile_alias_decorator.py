"""`from torch import compile as tc` used as a decorator."""
import torch
from torch import compile as tc

import compilelint


@tc(backend="eager")
def step(x):
    h = x * 2
    print("step")  # expect: CL131
    return h + 1


def example():
    return compilelint.Example(step, (torch.randn(2, 3),), compiles_itself=True)
