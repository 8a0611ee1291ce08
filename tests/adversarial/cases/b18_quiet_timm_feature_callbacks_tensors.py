"""A feature-list wrapper whose callbacks keep tensors: a statistics callback stores the detached channel mean
in a dict keyed by stage name (container mutation, no Python number)."""
import torch
from torch import nn


class StatsCallback:
    def __init__(self):
        self.stats = {}

    def __call__(self, name, feat):
        self.stats[name] = feat.detach().mean(0)


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
