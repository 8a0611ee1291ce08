"""sorted/hash/min/max/any/all/deepcopy/id-free builtins over Python values and module config: nothing
here touches tensor data."""
import copy
import math

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.names = ["b", "a", "c"]
        self.cfg = [1, 2, [3, 4]]
        self.name = "model"
        self.weights = {"x": 0.5, "y": 1.5}

    def forward(self, x, masks):
        order = sorted(self.names)
        cfg = copy.deepcopy(self.cfg)
        key = hash(self.name) % 7
        n = max(x.size(0), 1) + min(len(order), x.shape[-1])
        has_none = any(m is None for m in masks)
        all_set = all(m is not None for m in masks)
        best = max(self.weights, key=self.weights.get)
        scale = math.sqrt(x.size(-1)) * math.log(n + 1) * math.floor(2.5)
        top = max(x.sum(), x.mean())
        return x * scale + top + len(cfg) + key + n + int(has_none) + int(all_set) + len(best)


def example():
    return Model(), (torch.randn(3, 4), [None, torch.ones(1)])
