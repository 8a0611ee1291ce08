"""A feature-extraction wrapper in the FeatureDictNet style: iterate the named children of a ModuleDict,
collect the outputs whose names are in `return_layers` (a dict membership test on a string), keyed by their
output id. Feature info (channels, reductions) is plain Python metadata."""
from collections import OrderedDict

import torch
from torch import nn


class FeatureInfo:
    def __init__(self, feature_info, out_indices):
        self.info = feature_info
        self.out_indices = out_indices

    def channels(self):
        return [self.info[i]["num_chs"] for i in self.out_indices]

    def module_name(self):
        return [self.info[i]["module"] for i in self.out_indices]


class FeatureDictNet(nn.ModuleDict):
    def __init__(self, out_indices=(1, 2)):
        layers = OrderedDict(stem=nn.Conv2d(3, 4, 3, stride=2, padding=1), stage1=nn.Conv2d(4, 4, 3, padding=1),
                             stage2=nn.Conv2d(4, 8, 3, stride=2, padding=1))
        super().__init__(layers)
        info = [dict(num_chs=4, reduction=2, module="stem"), dict(num_chs=4, reduction=2, module="stage1"),
                dict(num_chs=8, reduction=4, module="stage2")]
        self.feature_info = FeatureInfo(info, out_indices)
        self.return_layers = {name: str(i) for i, name in enumerate(self.feature_info.module_name())}

    def forward(self, x):
        features = OrderedDict()
        for name, module in self.items():
            x = module(x)
            if name in self.return_layers:
                out_id = self.return_layers[name]
                features[out_id] = x
        return features


def example():
    return FeatureDictNet(), (torch.randn(1, 3, 8, 8),)
