"""A features-only backbone with `out_indices` kept as a Python tuple: `i in self.out_indices` is a Python test."""
import torch
from torch import nn


class FeatureBackbone(nn.Module):
    def __init__(self, c=4, depth=3, out_indices=(1, 2)):
        super().__init__()
        self.stages = nn.ModuleList(nn.Conv2d(c, c, 3, padding=1) for _ in range(depth))
        self.out_indices = tuple(out_indices)

    def forward(self, x):
        features = []
        for i, stage in enumerate(self.stages):
            x = stage(x)
            if i in self.out_indices:
                features.append(x)
        return features


def example():
    return FeatureBackbone(), (torch.randn(1, 4, 5, 5),)
