"""A features_only wrapper (FeatureDictNet style): it walks the backbone's named children in order and keeps the
outputs of the return layers in a dict keyed by their output names; the channel info is Python data."""
from collections import OrderedDict

import torch
from torch import nn


class FeatureDictNet(nn.ModuleDict):
    def __init__(self, model, return_layers):
        layers = OrderedDict()
        remaining = set(return_layers)
        for name, module in model.named_children():
            layers[name] = module
            remaining.discard(name)
            if not remaining:
                break
        super().__init__(layers)
        self.return_layers = {name: f"stage{i}" for i, name in enumerate(return_layers)}
        self.feature_info = [{"module": n, "num_chs": 4} for n in return_layers]

    def channels(self):
        return [info["num_chs"] for info in self.feature_info]

    def forward(self, x):
        out = OrderedDict()
        for name, module in self.items():
            x = module(x)
            if name in self.return_layers:
                out[self.return_layers[name]] = x
        return out


class Backbone(nn.Sequential):
    def __init__(self):
        super().__init__(OrderedDict(stem=nn.Conv2d(3, 4, 3, padding=1), act=nn.ReLU(),
                                     layer1=nn.Conv2d(4, 4, 3, padding=1), layer2=nn.Conv2d(4, 4, 3, stride=2)))


class Neck(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = FeatureDictNet(Backbone(), ["layer1", "layer2"])
        self.lat = nn.ModuleList(nn.Conv2d(c, 2, 1) for c in self.features.channels())

    def forward(self, x):
        feats = list(self.features(x).values())
        return sum(lat(f).mean() for lat, f in zip(self.lat, feats))


def example():
    return Neck(), (torch.randn(1, 3, 8, 8),)
