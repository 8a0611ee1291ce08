"""`from time import perf_counter as clock`: a renamed clock."""
from time import perf_counter as clock

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        h = x + 1
        started = clock()  # expect: CL132
        return h * started


def example():
    return Model(), (torch.randn(2, 3),)
