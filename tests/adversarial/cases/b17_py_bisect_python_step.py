"""The multi-step decay with the step a Python int: `bisect` over Python ints still breaks (the C `_bisect`
function is skipped by dynamo)."""
import bisect

import torch
from torch import nn


class MultiStepDecay(nn.Module):
    def __init__(self, milestones=(2, 5, 9), gamma=0.5):
        super().__init__()
        self.milestones = list(milestones)
        self.gamma = gamma

    def forward(self, x, step: int = 6):
        passed = bisect.bisect_right(self.milestones, step)  # expect: CL153
        return x * self.gamma ** passed


def example():
    return MultiStepDecay(), (torch.randn(2, 3),)
