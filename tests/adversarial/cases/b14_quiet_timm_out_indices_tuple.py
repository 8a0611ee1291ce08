"""Feature extraction with `out_indices` a Python tuple: `if i in self.out_indices` per stage, and
`feature_info` dicts built in `__init__`."""
import torch
from torch import nn

from b14_quiet_timm_helpers import make_stages


class FeaturesOnly(nn.Module):
    def __init__(self, dims=(3, 4, 8, 8), out_indices=(1, 2)):
        super().__init__()
        self.stages = make_stages(list(dims))
        self.out_indices = out_indices
        self.feature_info = [dict(num_chs=c, reduction=1, module=f"stages.{i}") for i, c in enumerate(dims[1:])]

    def forward(self, x):
        features = []
        for i, stage in enumerate(self.stages):
            x = stage(x)
            if i in self.out_indices:
                features.append(x)
        return features


def example():
    return FeaturesOnly(), (torch.randn(1, 3, 8, 8),)
