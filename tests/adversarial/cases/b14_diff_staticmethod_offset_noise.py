"""Offset noise drawn by a staticmethod reached through `type(self)`: the helper picks its strength with
Python's `random` module."""
import random

import torch
from torch import nn

from b14_quiet_diff_utils import randn_like_shape


class NoisyUNetBlock(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    @staticmethod
    def _offset_strength(base=0.1):
        return base * random.uniform(0.5, 1.5)  # expect: CL133

    def forward(self, sample):
        noise = randn_like_shape(sample.shape[:2] + (1, 1), dtype=sample.dtype)
        sample = sample + type(self)._offset_strength() * noise
        return self.conv(sample)


def example():
    return NoisyUNetBlock(), (torch.randn(1, 4, 4, 4),)
