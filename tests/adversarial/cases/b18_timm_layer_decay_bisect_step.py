"""A stochastic-depth schedule that widens in stages: the current stage is found with bisect over Python
milestones, but the step counter it looks up is a buffer incremented in forward."""
import bisect

import torch
from torch import nn


class StagedDropPath(nn.Module):
    def __init__(self, milestones=(2, 5, 9), rates=(0.0, 0.1, 0.2, 0.3)):
        super().__init__()
        self.milestones = list(milestones)
        self.rates = list(rates)
        self.register_buffer("step", torch.tensor(0))

    def current_rate(self):
        return self.rates[bisect.bisect_right(self.milestones, self.step)]  # expect: CL153

    def forward(self, x):
        self.step += 1
        if not self.training:
            return x
        keep = 1.0 - self.current_rate()
        mask = x.new_empty(x.shape[0], 1).bernoulli_(keep)
        return x * mask / keep


def example():
    return StagedDropPath(), (torch.randn(4, 3),)
