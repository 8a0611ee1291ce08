"""A flow-matching scheduler shifts its sigmas by resolution; the shift `mu` per resolution bucket lives in a Python
tuple, and `time_shift` applies `math.exp(mu)` to that float."""
import math

import torch
from torch import nn


class FlowMatchShift(nn.Module):
    MU_TABLE = (0.5, 0.8, 1.15)

    def time_shift(self, mu, sigma, t):
        return math.exp(mu) / (math.exp(mu) + (1 / t - 1) ** sigma)

    def forward(self, sigmas, resolution_bucket: int):
        mu = self.MU_TABLE[resolution_bucket]
        return self.time_shift(mu, 1.0, sigmas)


def example():
    return FlowMatchShift(), (torch.linspace(0.9, 0.1, 4), 1)
