"""A module flag that a function turns on with `global` before the model runs: the branch is traced."""
import torch
from torch import nn

_VERBOSE = False


def set_verbose(on=True):
    global _VERBOSE
    _VERBOSE = on


class Model(nn.Module):
    def forward(self, x):
        h = x * 2
        if _VERBOSE:
            print("verbose")  # expect: CL131
        return h


def example():
    set_verbose()
    return Model(), (torch.randn(2, 3),)
