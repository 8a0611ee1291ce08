"""Timestep handling as UNets write it: a Python number becomes a tensor (`if not torch.is_tensor(...)`), a 0-d
tensor gains a dim (`len(timesteps.shape) == 0`), then `expand(sample.shape[0])` and a sinusoidal embedding."""
import math

import torch
from torch import nn


class Timesteps(nn.Module):
    def __init__(self, num_channels=4, flip_sin_to_cos=True, downscale_freq_shift=1.0):
        super().__init__()
        self.num_channels = num_channels
        self.flip_sin_to_cos = flip_sin_to_cos
        self.downscale_freq_shift = downscale_freq_shift

    def forward(self, timesteps):
        half_dim = self.num_channels // 2
        exponent = -math.log(10000) * torch.arange(half_dim, dtype=torch.float32)
        exponent = exponent / (half_dim - self.downscale_freq_shift)
        emb = timesteps[:, None].float() * torch.exp(exponent)[None, :]
        emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=-1)
        if self.flip_sin_to_cos:
            emb = torch.cat([emb[:, half_dim:], emb[:, :half_dim]], dim=-1)
        return emb


class TimeConditioned(nn.Module):
    def __init__(self):
        super().__init__()
        self.time_proj = Timesteps()
        self.time_embedding = nn.Linear(4, 2)

    def forward(self, sample, timestep):
        timesteps = timestep
        if not torch.is_tensor(timesteps):
            timesteps = torch.tensor([timesteps], dtype=torch.int64, device=sample.device)
        elif torch.is_tensor(timesteps) and len(timesteps.shape) == 0:
            timesteps = timesteps[None].to(sample.device)
        timesteps = timesteps.expand(sample.shape[0])
        emb = self.time_embedding(self.time_proj(timesteps).to(dtype=sample.dtype))
        return sample + emb[:, :, None, None]


def example():
    return TimeConditioned(), (torch.randn(2, 2, 3, 3), torch.tensor(7))
