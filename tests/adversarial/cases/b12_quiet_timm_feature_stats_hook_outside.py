"""The statistics collector is excluded with `torch.compiler.disable` and runs from a method the training loop
calls after forward, never from forward itself."""
import torch
from torch import nn


@torch.compiler.disable
def collect_stats(store, name, x):
    store[name] = (x.mean().item(), x.std().item())
    print(name, store[name])


class FeatureExtractor(nn.ModuleDict):
    def __init__(self, channels=4):
        super().__init__({"a": nn.Conv2d(channels, channels, 1), "b": nn.Conv2d(channels, channels, 1)})
        self.stats = {}
        self.last = {}

    def forward(self, x):
        out = {}
        for name, module in self.items():
            x = module(x)
            out[name] = x
        return out

    def report(self, features):
        for name, x in features.items():
            collect_stats(self.stats, name, x.detach())


def example():
    return FeatureExtractor(), (torch.randn(1, 4, 3, 3),)
