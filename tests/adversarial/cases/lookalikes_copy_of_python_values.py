"""`copy.deepcopy` of Python containers and `copy.copy` of a config compile."""
import copy

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.defaults = {"scale": 2.0, "shift": [1.0]}

    def forward(self, x):
        opts = copy.deepcopy(self.defaults)
        opts["shift"].append(0.5)
        return x * opts["scale"] + sum(opts["shift"])


def example():
    return Model(), (torch.randn(2, 3),)
