"""A flow-matching scheduler shifts its sigmas by resolution: `mu` comes from `calculate_shift` of the image
sequence length (a shape), and `time_shift` applies `math.exp(mu)` to that Python float, the sigmas staying tensors."""
import math

import torch
from torch import nn


def calculate_shift(image_seq_len, base_seq_len=256, max_seq_len=4096, base_shift=0.5, max_shift=1.15):
    m = (max_shift - base_shift) / (max_seq_len - base_seq_len)
    b = base_shift - m * base_seq_len
    return image_seq_len * m + b


class FlowMatchShift(nn.Module):
    def time_shift(self, mu, sigma, t):
        return math.exp(mu) / (math.exp(mu) + (1 / t - 1) ** sigma)

    def forward(self, latents, sigmas):
        image_seq_len = (latents.shape[-1] // 2) * (latents.shape[-2] // 2)
        mu = calculate_shift(image_seq_len)
        return self.time_shift(mu, 1.0, sigmas)


def example():
    return FlowMatchShift(), (torch.randn(1, 4, 8, 8), torch.linspace(0.9, 0.1, 4))
