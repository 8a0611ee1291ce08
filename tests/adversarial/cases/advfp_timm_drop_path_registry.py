"""A block class handed to a registry and built from there (`BLOCKS["mix"](dim)`): its `use_checks` default holds,
but the linter sees a use of the class it cannot read as a call and keeps the finding."""
import torch
from torch import nn


class MixBlock(nn.Module):
    def __init__(self, dim, use_checks=False):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.use_checks = use_checks

    def forward(self, x):
        if self.use_checks:
            print("max activation", x.abs().max())  # known-fp: CL131
        return x + self.fc(x)


BLOCKS = {"mix": MixBlock}


class Stage(nn.Module):
    def __init__(self, dim=4, kind="mix"):
        super().__init__()
        self.block = BLOCKS[kind](dim)

    def forward(self, x):
        return self.block(x)


def example():
    return Stage(), (torch.randn(2, 4),)
