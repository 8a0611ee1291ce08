"""`from math import *`: `floor` of a tensor still breaks."""
from math import *  # noqa: F403

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        h = x * 2
        low = floor(h.mean())  # expect: CL113  # noqa: F405
        return h + low


def example():
    return Model(), (torch.randn(2, 3),)
