"""Bodies of `if False:`, `if 0:` and `if TYPE_CHECKING:` never run."""
from typing import TYPE_CHECKING

import torch
from torch import nn

if TYPE_CHECKING:
    from collections import OrderedDict  # noqa: F401

DEBUG = False


class Model(nn.Module):
    def forward(self, x):
        if False:
            breakpoint()
        if 0:
            print(x.sum().item())
        if DEBUG:
            print("debug", x.nonzero())
        return x * 2


def example():
    return Model(), (torch.randn(2, 3),)
