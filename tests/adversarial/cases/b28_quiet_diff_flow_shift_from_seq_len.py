"""A flow-matching pipeline computes its resolution-dependent shift `mu` from the packed latents' sequence
length (a shape) with `calculate_shift`, then time-shifts the sigmas with `math.exp(mu)` (compiles)."""
import math

import torch
from torch import nn


def calculate_shift(image_seq_len, base_seq_len=256, max_seq_len=4096, base_shift=0.5, max_shift=1.15):
    m = (max_shift - base_shift) / (max_seq_len - base_seq_len)
    b = base_shift - m * base_seq_len
    return image_seq_len * m + b


def time_shift(mu: float, sigma: float, t: torch.Tensor):
    return math.exp(mu) / (math.exp(mu) + (1 / t - 1) ** sigma)


class FlowSampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.transformer = nn.Linear(4, 4)
        self.register_buffer("sigmas", torch.linspace(1.0, 0.1, 4))

    def forward(self, latents):
        mu = calculate_shift(latents.shape[1])
        sigmas = time_shift(mu, 1.0, self.sigmas)
        return latents + (sigmas[1] - sigmas[0]) * self.transformer(latents)


def example():
    return FlowSampler(), (torch.randn(1, 6, 4),)
