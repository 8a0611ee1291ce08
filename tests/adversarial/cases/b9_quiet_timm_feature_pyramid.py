"""A features_only backbone returning a list of stage outputs (out_indices), and an FPN that upsamples each
top-down level to its lateral's size read from the shape."""
import torch
import torch.nn.functional as F
from torch import nn


class FeatureListNet(nn.Module):
    def __init__(self, out_indices=(1, 2, 3)):
        super().__init__()
        self.stages = nn.ModuleList([nn.Conv2d(3 if i == 0 else 4, 4, 3, stride=2, padding=1) for i in range(4)])
        self.out_indices = out_indices
        self.feature_info = [dict(num_chs=4, reduction=2 ** (i + 1), module=f"stages.{i}") for i in range(4)]

    def forward(self, x):
        features = []
        for i, stage in enumerate(self.stages):
            x = stage(x)
            if i in self.out_indices:
                features.append(x)
        return features


class FPN(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = FeatureListNet()
        chans = [info["num_chs"] for i, info in enumerate(self.body.feature_info) if i in self.body.out_indices]
        self.lateral = nn.ModuleList([nn.Conv2d(c, 4, 1) for c in chans])

    def forward(self, x):
        feats = self.body(x)
        results = [self.lateral[-1](feats[-1])]
        for feat, lat in zip(feats[-2::-1], list(self.lateral)[-2::-1]):
            lateral = lat(feat)
            top_down = F.interpolate(results[0], size=lateral.shape[-2:], mode="nearest")
            results.insert(0, lateral + top_down)
        return {str(i): r for i, r in enumerate(results)}


def example():
    return FPN(), (torch.randn(1, 3, 16, 16),)
