"""Stages registered as `stage0`, `stage1` and fetched with `getattr(self, f"stage{i}")`; each stage logs its
output size through the module logger."""
import logging

import torch
from torch import nn

_logger = logging.getLogger(__name__)


class Stage(nn.Module):
    def __init__(self, channels, index):
        super().__init__()
        self.index = index
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, x):
        x = self.conv(x)
        _logger.debug("stage %d output %s", self.index, tuple(x.shape))  # expect: CL131
        return x


class Backbone(nn.Module):
    def __init__(self, channels=4, num_stages=2):
        super().__init__()
        self.num_stages = num_stages
        for i in range(num_stages):
            self.add_module(f"stage{i}", Stage(channels, i))

    def forward(self, x):
        for i in range(self.num_stages):
            x = getattr(self, f"stage{i}")(x)
        return x


def example():
    return Backbone(), (torch.randn(1, 4, 4, 4),)
