"""A conditional expression that tests whether a name is a tensor (`t.sin() if isinstance(t, torch.Tensor) else
math.sin(float(t))`, DeltaFlow's variance-preserving Tweedie decomposition, flagged in held-out 35) narrows like an
`if` statement: dynamo decides the test at trace time, so with a tensor it never traces the branch that converts a
Python number, and with a number there is no tensor to convert. A `float()` of a tensor outside such a branch still
breaks."""
import math

import torch
from torch import nn


class Decompose(nn.Module):
    def forward(self, x, t):
        half_pi = math.pi / 2
        alpha = torch.sin(half_pi * t) if isinstance(t, torch.Tensor) else math.sin(half_pi * float(t))
        sigma = math.cos(half_pi * float(t)) if not torch.is_tensor(t) else torch.cos(half_pi * t)
        return alpha * x + sigma


class Schedule(nn.Module):
    def __init__(self):
        super().__init__()
        self.decompose = Decompose()

    def forward(self, x, t):
        clean = self.decompose(x, t) + self.decompose(x, 0.25)
        return clean * float(t.mean())  # expect: CL111


def example():
    return Schedule(), (torch.randn(2, 3), torch.tensor(0.5))
