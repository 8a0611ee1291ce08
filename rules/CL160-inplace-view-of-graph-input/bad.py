import random

import torch
from torch import nn


class Augment(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x, detach=True):
        h = self.proj(x)
        scale = 2.0 if random.random() < 0.5 else 1.0  # expect: CL133
        if detach:
            h.detach_()  # expect: CL160
        if random.random() < 2.0:  # expect: CL133
            h.t_()  # expect: CL160
        return h * scale


def example():
    return Augment(), (torch.randn(2, 8),)
