"""Builtin `sum` of per-stage tensor means (kept as a tensor), `max` of the spatial sizes and `min` of a window
and the height: Python ints and tensor arithmetic only."""
import torch
import torch.nn.functional as F
from torch import nn

from b14_quiet_timm_helpers import make_stages


class DeepSupervision(nn.Module):
    def __init__(self, dims=(3, 4, 8), window=4):
        super().__init__()
        self.stages = make_stages(list(dims))
        self.window = window

    def forward(self, x):
        feats = []
        for stage in self.stages:
            x = stage(x)
            feats.append(x)
        aux = sum(f.mean() for f in feats)
        size = max(x.shape[-2:])
        window = min(self.window, x.shape[-2])
        pooled = F.adaptive_avg_pool2d(x, size // window)
        return pooled.flatten(1) + 0.1 * aux


def example():
    return DeepSupervision(), (torch.randn(1, 3, 8, 8),)
