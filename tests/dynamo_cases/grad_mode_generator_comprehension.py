"""A list comprehension over a generator function under a bare `@torch.no_grad`: dynamo reports the comprehension's
first line (grad_mode_generators.py says why)."""
import torch
from torch import nn


@torch.no_grad
def levels(x, steps):
    for i in range(steps):
        yield x * (1.0 - i / steps)


class Comprehension(nn.Module):
    def forward(self, x):
        scaled = [  # expect: CL162
            level * 2
            for level in levels(x, 3)
        ]
        return scaled[-1]


def example():
    return Comprehension(), (torch.randn(2, 4),)
