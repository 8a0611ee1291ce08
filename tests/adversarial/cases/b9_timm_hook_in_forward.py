"""A feature extractor that registers its forward hooks lazily, the first time forward runs."""
import torch
from torch import nn


class FeatureHooks(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 4))
        self._features = {}
        self._hooked = False

    def _save(self, name):
        def hook(module, inputs, output):
            self._features[name] = output
        return hook

    def forward(self, x):
        if not self._hooked:
            for name, mod in self.layers.named_children():
                mod.register_forward_hook(self._save(name))  # expect: CL154
            self._hooked = True
        out = self.layers(x)
        return out, [self._features[k] for k in sorted(self._features)]  # known-miss: CL154


def example():
    return FeatureHooks(), (torch.randn(2, 4),)
