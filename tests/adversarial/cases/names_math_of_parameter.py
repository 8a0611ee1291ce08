"""`math.log` of an nn.Parameter, `math.sqrt` of a buffer, and `math.isfinite` of a float attribute."""
import math

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.tensor(2.0))
        self.register_buffer("count", torch.tensor(4.0))
        self.eps = 1e-6

    def forward(self, x):
        assert math.isfinite(self.eps)
        h = x * 2
        h = h * math.log(self.scale)  # expect: CL113
        return h * math.sqrt(self.count)  # expect: CL113


def example():
    return Model(), (torch.randn(2, 3),)
