"""A multi-step decay: the number of milestones passed is found with `bisect` on a Python list, with the step
held as a tensor buffer."""
import bisect

import torch
from torch import nn


class MultiStepDecay(nn.Module):
    def __init__(self, milestones=(2, 5, 9), gamma=0.5):
        super().__init__()
        self.milestones = list(milestones)
        self.gamma = gamma
        self.register_buffer("step", torch.tensor(6))

    def forward(self, x):
        passed = bisect.bisect_right(self.milestones, self.step)  # expect: CL153
        return x * self.gamma ** passed


def example():
    return MultiStepDecay(), (torch.randn(2, 3),)
