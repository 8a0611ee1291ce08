"""`copy.deepcopy` of a config compiles; of a tensor it breaks."""
import copy

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = {"scale": 2.0}

    def forward(self, x):
        cfg = copy.deepcopy(self.cfg)
        h = x * cfg["scale"]
        saved = copy.deepcopy(h)  # expect: CL144
        return h + saved


def example():
    return Model(), (torch.randn(2, 3),)
