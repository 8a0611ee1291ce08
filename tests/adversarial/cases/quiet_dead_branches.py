"""Breaking calls in branches dynamo never traces: `if False`, TYPE_CHECKING, `torch.jit.is_tracing()`
and `torch.jit.is_scripting()` (both False under dynamo), and after a raise."""
from typing import TYPE_CHECKING

import torch
from torch import nn

DEBUG = False


def _fail(msg):
    raise RuntimeError(msg)
    print("never printed")


class Model(nn.Module):
    def forward(self, x):
        if TYPE_CHECKING:
            print("types")
        if DEBUG:
            print("debug", x.sum().item())
        if torch.jit.is_tracing():
            x = x * x.max().item()
        if torch.jit.is_scripting():
            print("scripted")
        if False:
            x = x.tolist()
        if x.dim() > 8:
            _fail("too many dims")
        return x * 2


def example():
    return Model(), (torch.randn(2, 3),)
