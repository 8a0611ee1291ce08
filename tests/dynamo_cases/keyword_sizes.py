"""Sizes passed by keyword break like positional ones: `torch.narrow(t, dim=d, start=0, length=n)` with `n` a tensor
value is a data-dependent operator (GB0033), as `torch.narrow(t, d, 0, n)` is (torch_gauge's
`SphericalTensor.invariant`, o3/spherical.py:347 and :350, missed in held-out 33). Each size is computed afresh:
a 0-d int64 tensor that reaches a resume function is specialized there and compiles (see int32_sizes.py)."""

import torch
from torch import nn


class KeywordSizes(nn.Module):
    def forward(self, x):
        head = torch.narrow(x, dim=0, start=0, length=(x > 100).sum() + 1)  # expect: CL124
        tail = x.narrow(0, start=(x > 100).sum() + 1, length=1)  # expect: CL124
        steps = torch.arange(end=(x > 100).sum() + 2)  # expect: CL124
        grid = torch.zeros(size=((x > 100).sum() + 1, 2))  # expect: CL124
        filled = x.new_full(size=((x > 100).sum() + 1,), fill_value=1.0)  # expect: CL124
        best = x.topk(k=(x > 100).sum() + 1, dim=-1).values  # expect: CL124
        ramp = torch.linspace(0, 1, steps=(x > 100).sum() + 2)  # expect: CL124
        return head.sum() + tail.sum() + steps.sum() + grid.sum() + filled.sum() + best.sum() + ramp.sum()


class KeywordShapes(nn.Module):
    """Keyword sizes from shapes and constants are Python ints: nothing breaks."""

    def forward(self, x):
        head = torch.narrow(x, dim=0, start=0, length=x.shape[0] - 1)
        steps = torch.arange(end=x.shape[1], dtype=x.dtype)
        grid = torch.zeros(size=(x.shape[0], 2), dtype=x.dtype)
        best = x.topk(k=2, dim=-1).values
        return head.sum() + steps.sum() + grid.sum() + best.sum()


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.sizes = KeywordSizes()
        self.shapes = KeywordShapes()

    def forward(self, x):
        return self.shapes(x) + self.sizes(x)


def example():
    return Both(), (torch.randn(6, 4),)
