import random

import torch
from torch import nn


class RandomDepth(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        h = self.proj(x)
        if random.random() < 0.5:  # expect: CL133
            h = h * 2
        scale = random.choice([0.5, 1.0])  # expect: CL133
        return h * scale


def example():
    return RandomDepth(), (torch.randn(2, 8),)
