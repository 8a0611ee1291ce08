"""A parameterless nn.Module (`nn.ReLU()`) and a project config object built in forward compile."""
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class Options:
    scale: float = 2.0


class Model(nn.Module):
    def forward(self, x):
        opts = Options()
        act = nn.ReLU()
        return act(x) * opts.scale


def example():
    return Model(), (torch.randn(2, 3),)
