"""Feature extraction where the stages to return are a boolean buffer (saved with the model); the loop over
stages tests `self.out_mask[i]`, a tensor, per stage."""
import torch
from torch import nn

from b14_quiet_timm_helpers import make_stages


class FeaturesOnly(nn.Module):
    def __init__(self, dims=(3, 4, 8, 8)):
        super().__init__()
        self.stages = make_stages(list(dims))
        self.register_buffer("out_mask", torch.tensor([False, True, True]))

    def forward(self, x):
        features = []
        for i, stage in enumerate(self.stages):
            x = stage(x)
            if self.out_mask[i]:  # expect: CL101
                features.append(x)
        return features


def example():
    return FeaturesOnly(), (torch.randn(1, 3, 8, 8),)
