"""An item of the tuple a project function returns, taken by a constant index (`moments(x)[1]`, `sized(x)[-1]`,
`self.spread(x)[0]`), is what the function returns at that position, whatever the tuple's length: a tensor there is
a tensor here (the same per-position summary as `a, b = moments(x)`, held-out row 5 of misses7). The helpers live in
another file (stored_helpers/windows.py) or further down the class: their kinds are project-wide facts.

Nothing is flagged where the item is an int (a shape), None, or where the function's returns disagree at that position
(`summary(x, full)`: a tensor in one return, a size in the other; unknown stays unknown) - IndexedNumbers compiles
without a break."""
import os
import sys

import torch
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the helpers package next to this file
from stored_helpers.windows import moments, sized, summary, total_or_none  # noqa: E402


class Indexed(nn.Module):
    def forward(self, x):
        if moments(x)[1] > 0:  # expect: CL101
            x = x * 2
        if sized(x)[-1] > 1:  # expect: CL101
            x = x / 2
        if self.spread(x)[0] > 1:  # expect: CL101
            x = x - 1
        return x

    def spread(self, x):
        return x.abs().amax(), x.shape[0]


class IndexedNumbers(nn.Module):
    def forward(self, x):
        if sized(x)[0] > 2:
            x = x * 2
        if total_or_none(x)[1] is None:
            x = x + 1
        if self.spread(x)[1] > 2:
            x = x / 2
        if summary(x, False)[1] > 2:
            x = x - 1
        return x

    def spread(self, x):
        return x.abs().amax(), x.shape[0]


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.indexed = Indexed()
        self.numbers = IndexedNumbers()

    def forward(self, x):
        return self.numbers(x) + self.indexed(x)


def example():
    return Both(), (torch.randn(3, 8),)
