"""A feature-list wrapper runs its stages in a loop and hands each returned feature to the callbacks registered
in __init__; the statistics callback takes a Python float of the channel mean."""
import torch
from torch import nn


class StatsCallback:
    def __init__(self):
        self.last = {}

    def __call__(self, name, feat):
        self.last[name] = float(feat.mean())  # expect: CL111


class FeatureListNet(nn.Module):
    def __init__(self, dim=4, depth=3):
        super().__init__()
        self.stages = nn.ModuleDict({f"stage{i}": nn.Linear(dim, dim) for i in range(depth)})
        self.return_layers = {"stage0": 0, "stage2": 1}
        self._callbacks = [StatsCallback()]

    def forward(self, x):
        out = []
        for name, stage in self.stages.items():
            x = stage(x)
            if name in self.return_layers:
                for cb in self._callbacks:
                    cb(name, x)
                out.append(x)
        return out


def example():
    return FeatureListNet(), (torch.randn(2, 4),)
