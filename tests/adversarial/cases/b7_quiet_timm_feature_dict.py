"""A features-only backbone: stages run in order from an ordered list of names, outputs for the requested
indices go into a dict keyed by name, and the feature info answers channels with a list comprehension."""
import torch
from torch import nn


class FeatureInfo:
    def __init__(self, info, out_indices):
        self.info = info
        self.out_indices = out_indices

    def channels(self):
        return [self.info[i]["num_chs"] for i in self.out_indices]

    def module_names(self):
        return [self.info[i]["module"] for i in self.out_indices]


class FeatureBackbone(nn.Module):
    def __init__(self, out_indices=(1, 2)):
        super().__init__()
        self.stem = nn.Conv2d(3, 2, 1)
        self.stage1 = nn.Conv2d(2, 4, 3, stride=2, padding=1)
        self.stage2 = nn.Conv2d(4, 8, 3, stride=2, padding=1)
        info = [dict(num_chs=2, reduction=1, module="stem"), dict(num_chs=4, reduction=2, module="stage1"),
                dict(num_chs=8, reduction=4, module="stage2")]
        self.feature_info = FeatureInfo(info, out_indices)
        self.return_layers = set(self.feature_info.module_names())

    def forward(self, x):
        out = {}
        for name in ("stem", "stage1", "stage2"):
            x = getattr(self, name)(x)
            if name in self.return_layers:
                out[name] = x
        assert len(out) == len(self.feature_info.channels())
        return out


def example():
    return FeatureBackbone(), (torch.randn(1, 3, 4, 4),)
