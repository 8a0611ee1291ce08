"""Returning a namedtuple / dataclass of tensors and reading fields compiles."""
from collections import namedtuple
from dataclasses import dataclass

import torch
from torch import nn

Pair = namedtuple("Pair", ["left", "right"])


@dataclass
class Output:
    hidden: torch.Tensor
    size: int


class Model(nn.Module):
    def forward(self, x):
        pair = Pair(x * 2, x + 1)
        out = Output(pair.left + pair.right, x.shape[0])
        return out.hidden * out.size


def example():
    return Model(), (torch.randn(2, 3),)
