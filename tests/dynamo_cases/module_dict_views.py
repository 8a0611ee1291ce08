"""A call of an element of a module container whose elements are all torch.nn modules returns a tensor, as a call of
such a submodule does: met through `.items()` / `.values()` of an nn.ModuleDict or an index into it (adversarial
batch 20's per-stage statistics). In a loop the conversion skips the method's frame (GB0124 + GB7000)."""
import torch
from torch import nn


class StageStats(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.stages = nn.ModuleDict({"s1": nn.Linear(dim, dim), "s2": nn.Linear(dim, dim)})

    def by_items(self, x):
        means = {}
        for name, stage in self.stages.items():
            x = stage(x)
            means[name] = float(x.mean())  # expect: CL111
        return x

    def by_values(self, x):
        stds = []
        for stage in self.stages.values():
            stds.append(float(stage(x).std()))  # expect: CL111
        return x * len(stds)

    def indexed(self, x):
        y = self.stages["s1"](x)
        return x * float(y.abs().max())  # expect: CL111

    def forward(self, x):
        return self.indexed(self.by_values(self.by_items(x)))


def example():
    return StageStats(), (torch.randn(2, 4),)
