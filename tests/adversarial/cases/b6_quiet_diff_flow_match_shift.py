"""Flow-matching timestep shift: mu is computed from the image sequence length (a shape, an int) with a
linear fit on config floats, then `math.exp(mu)` scales the sigmas. All the math functions see Python floats;
the sigmas stay tensors."""
import math

import torch
from torch import nn


def calculate_shift(image_seq_len, base_seq_len=256, max_seq_len=4096, base_shift=0.5, max_shift=1.15):
    m = (max_shift - base_shift) / (max_seq_len - base_seq_len)
    b = base_shift - m * base_seq_len
    return image_seq_len * m + b


def time_shift(mu, sigma, t):
    return math.exp(mu) / (math.exp(mu) + (1 / t - 1) ** sigma)


class FlowTransformer(nn.Module):
    def __init__(self, dim=4, steps=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.register_buffer("base_sigmas", torch.linspace(1.0, 1.0 / steps, steps))

    def forward(self, latents):
        image_seq_len = latents.shape[1]
        mu = calculate_shift(image_seq_len)
        sigmas = time_shift(mu, 1.0, self.base_sigmas)
        dt = sigmas[1:] - sigmas[:-1]
        out = latents
        for i in range(dt.shape[0]):
            out = out + dt[i] * self.proj(out)
        return out, math.log(math.exp(mu))


def example():
    return FlowTransformer(), (torch.randn(1, 5, 4),)
