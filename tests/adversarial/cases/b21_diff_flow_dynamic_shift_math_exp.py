"""A flow-matching scheduler shifts its sigmas by resolution; the shift `mu` per resolution bucket lives in a buffer
table (saved with the scheduler), and `time_shift` applies `math.exp(mu)`."""
import math

import torch
from torch import nn


class FlowMatchShift(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mu_table", torch.tensor([0.5, 0.8, 1.15]))

    def time_shift(self, mu, sigma, t):
        return math.exp(mu) / (math.exp(mu) + (1 / t - 1) ** sigma)  # known-miss: CL113

    def forward(self, sigmas, resolution_bucket: int):
        mu = self.mu_table[resolution_bucket]
        return self.time_shift(mu, 1.0, sigmas)


def example():
    return FlowMatchShift(), (torch.linspace(0.9, 0.1, 4), 1)
