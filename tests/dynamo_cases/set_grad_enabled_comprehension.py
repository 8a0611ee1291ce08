"""CL164: a module-level generator function wrapped by `@torch.autograd.set_grad_enabled(True)`, consumed by a list
comprehension in compiled code: GB0007 on the comprehension's line."""

import torch
from torch import nn


@torch.autograd.set_grad_enabled(True)
def refine(x, n):
    for _ in range(n):
        x = x * 0.5
        yield x


class Refiner(nn.Module):
    def forward(self, x):
        h = x.cos()
        outs = [y.sum() for y in refine(h, 2)]  # expect: CL164
        return h + outs[-1]


def example():
    return Refiner(), (torch.randn(2, 8),)
