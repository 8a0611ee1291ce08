"""Blocks skipped by index: `if i in self.skip_blocks` with a Python int and a tuple from the config; guidance
applied with a Python float scale."""
import torch
from torch import nn

from b14_quiet_diff_utils import SchedulerConfig


class SkipLayerGuidance(nn.Module):
    def __init__(self, channels=4, config=SchedulerConfig()):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Conv2d(channels, channels, 3, padding=1) for _ in range(3)])
        self.skip_blocks = config.skip_blocks
        self.guidance_scale = 5.0

    def forward(self, sample):
        cond = skipped = sample
        for i, block in enumerate(self.blocks):
            cond = block(cond)
            if i not in self.skip_blocks:
                skipped = block(skipped)
        return cond + self.guidance_scale * (cond - skipped)


def example():
    return SkipLayerGuidance(), (torch.randn(1, 4, 4, 4),)
