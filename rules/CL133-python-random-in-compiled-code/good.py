import random

import torch
from torch import nn


class RandomDepth(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        h = self.proj(x)
        keep = (torch.rand(()) < 0.5).to(h.dtype)
        h = h * (1 + keep)
        jitter = random.uniform(0.9, 1.1)  # traced: dynamo replays randint/randrange/uniform
        return h * jitter


def example():
    return RandomDepth(), (torch.randn(2, 8),)
