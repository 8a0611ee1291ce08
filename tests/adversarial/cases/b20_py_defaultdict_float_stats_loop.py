"""A feature-statistics wrapper collects per-stage means into a `collections.defaultdict(list)` while it walks
the stages."""
import collections

import torch
from torch import nn


class StatsBackbone(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.stages = nn.ModuleDict({"s1": nn.Linear(dim, dim), "s2": nn.Linear(dim, dim)})

    def forward(self, x):
        stats = collections.defaultdict(list)
        for name, stage in self.stages.items():
            x = stage(x)
            stats[name].append(float(x.mean()))  # expect: CL111
        return x, stats


def example():
    return StatsBackbone(), (torch.randn(2, 4),)
