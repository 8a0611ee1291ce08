"""A training phase enum (IntEnum) member's value compared with a step counter buffer: the comparison
looks like a constant test but its left side is a tensor."""
import enum

import torch
from torch import nn


class Phase(enum.IntEnum):
    WARMUP = 0
    FINETUNE = 3


class Adapter(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.register_buffer("step", torch.tensor(5))

    def forward(self, x):
        if self.step >= Phase.FINETUNE.value:  # expect: CL101
            return self.lin(x)
        return self.lin(x).detach()


def example():
    return Adapter(), (torch.randn(2, 4),)
