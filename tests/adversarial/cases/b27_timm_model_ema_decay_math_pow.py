"""A ModelEmaV3-style warmup computes its decay from the update count with `math.pow`; the count is a buffer of the
EMA wrapper, so the power gets a tensor."""
import math

import torch
from torch import nn


class ModelEmaV3(nn.Module):
    def __init__(self, dim=4, decay=0.9999, warmup_power=0.75):
        super().__init__()
        self.module = nn.Linear(dim, dim)
        self.decay = decay
        self.warmup_power = warmup_power
        self.register_buffer("updates", torch.tensor(5.0))

    def get_decay(self):
        return min(self.decay, 1 - math.pow(1 + self.updates, -self.warmup_power))  # expect: CL113

    def forward(self, x):
        d = self.get_decay()
        return self.module(x) * d


def example():
    return ModelEmaV3(), (torch.randn(2, 4),)
