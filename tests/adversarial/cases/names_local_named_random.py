"""A local variable named `random` (a tensor) shadows the `random` module inside forward."""
import random

import torch
from torch import nn

SEED = random.Random(0)


class Model(nn.Module):
    def forward(self, x):
        random = torch.rand_like(x)
        keep = random.uniform_(0, 1) > 0.5
        return x * keep


def example():
    return Model(), (torch.randn(2, 3),)
