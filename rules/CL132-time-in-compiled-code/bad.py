import time

import torch
from torch import nn


class Timed(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        start = time.perf_counter()  # expect: CL132
        h = torch.relu(self.proj(x))
        self.elapsed = time.perf_counter() - start  # expect: CL132
        return h * 2


def example():
    return Timed(), (torch.randn(2, 8),)
