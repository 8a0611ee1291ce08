"""A train-time patch-erasing layer draws from its own `random.Random(seed)` instance (so it does not disturb
the global stream) to decide whether to erase and where."""
import random

import torch
from torch import nn


class PatchErasing(nn.Module):
    def __init__(self, prob=0.9, seed=0):
        super().__init__()
        self.prob = prob
        self.rng = random.Random(seed)

    def forward(self, x):
        if self.rng.random() > self.prob:  # expect: CL101
            return x
        top = self.rng.randint(0, x.shape[-2] - 2)
        out = x.clone()
        out[..., top:, :] = 0  # expect: CL114
        return out


class Stem(nn.Module):
    def __init__(self):
        super().__init__()
        self.erase = PatchErasing()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x):
        return self.conv(self.erase(x))


def example():
    return Stem(), (torch.randn(1, 3, 6, 6),)
