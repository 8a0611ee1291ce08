"""A break inside a `for` loop: dynamo gives up on the whole frame (GB7000, 0 graphs)."""

import torch
from torch import nn


class Blocks(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(8, 8) for _ in range(2)])

    def forward(self, x):
        for block in self.blocks:
            x = torch.relu(block(x))
            print("block done")  # expect: CL131
        return x


def example():
    return Blocks(), (torch.randn(2, 8),)
