"""A real logging.Logger stored on the module in __init__ and called in forward."""
import logging

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.log = logging.getLogger("model")

    def forward(self, x):
        h = x * 2
        self.log.info("forward")  # expect: CL131
        return h + 1


def example():
    return Model(), (torch.randn(2, 3),)
