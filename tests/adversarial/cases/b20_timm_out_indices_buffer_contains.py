"""A features-only backbone keeps its `out_indices` as a buffer (so they move with the model and are saved) and
collects a stage's output when the stage index is `in` it."""
import torch
from torch import nn


class FeatureBackbone(nn.Module):
    def __init__(self, c=4, depth=3, out_indices=(1, 2)):
        super().__init__()
        self.stages = nn.ModuleList(nn.Conv2d(c, c, 3, padding=1) for _ in range(depth))
        self.register_buffer("out_indices", torch.tensor(out_indices), persistent=False)

    def forward(self, x):
        features = []
        for i, stage in enumerate(self.stages):
            x = stage(x)
            if i in self.out_indices:  # expect: CL111
                features.append(x)
        return features


def example():
    return FeatureBackbone(), (torch.randn(1, 4, 5, 5),)
