"""A feature pyramid upsamples the coarse level inside `warnings.catch_warnings()` to silence an interpolate
deprecation warning."""
import warnings

import torch
import torch.nn.functional as F
from torch import nn


class FpnTopDown(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lateral = nn.Conv2d(dim, dim, 1)

    def forward(self, fine, coarse):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # expect: CL131
            up = F.interpolate(coarse, size=fine.shape[-2:], mode="nearest")
        return self.lateral(fine) + up


def example():
    return FpnTopDown(), (torch.randn(1, 4, 8, 8), torch.randn(1, 4, 4, 4))
