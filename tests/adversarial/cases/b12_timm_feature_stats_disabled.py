"""A feature extractor collects per-layer statistics through a function excluded with `torch.compiler.disable`,
called on every layer output: each call leaves the graph."""
import torch
from torch import nn


@torch.compiler.disable
def collect_stats(store, name, x):
    store[name] = (x.mean().item(), x.std().item())


class FeatureExtractor(nn.ModuleDict):
    def __init__(self, channels=4, return_layers=("b",)):
        super().__init__({"a": nn.Conv2d(channels, channels, 1), "b": nn.Conv2d(channels, channels, 1)})
        self.return_layers = set(return_layers)
        self.stats = {}

    def forward(self, x):
        out = {}
        for name, module in self.items():
            x = module(x)
            collect_stats(self.stats, name, x)  # expect: CL141
            if name in self.return_layers:
                out[name] = x
        return out


def example():
    return FeatureExtractor(), (torch.randn(1, 4, 3, 3),)
