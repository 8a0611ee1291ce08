"""`import random as rnd` and `from random import random as draw`: Python RNG under new names."""
import random as rnd
from random import random as draw

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        h = x + 1
        if rnd.random() < 2.0:  # expect: CL133
            h = h * 2
        return h * draw()  # expect: CL133


def example():
    return Model(), (torch.randn(2, 3),)
