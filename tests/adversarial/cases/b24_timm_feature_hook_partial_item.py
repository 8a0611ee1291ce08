"""A feature-statistics wrapper registers a forward hook per child in __init__ (a `functools.partial` of a
bound method carrying the child's name); the hook keeps each output's mean magnitude as a float."""
from functools import partial

import torch
from torch import nn


class FeatureStats(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.blocks = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))
        self.stats = {}
        for name, module in self.blocks.named_children():
            module.register_forward_hook(partial(self._record, name))

    def _record(self, name, module, inputs, output):
        self.stats[name] = output.abs().mean().item()  # expect: CL111

    def forward(self, x):
        return self.blocks(x)


def example():
    return FeatureStats(), (torch.randn(2, 4),)
