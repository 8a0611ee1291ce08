"""Timestep embedding that accepts a Python number or a tensor; the tensor path reads the first timestep back
as a float to pick the frequency scale."""
import math

import torch
from torch import nn


def get_timestep_embedding(timesteps, dim, max_period=10000, flip_sin_to_cos=False):
    half = dim // 2
    exponent = -math.log(max_period) * torch.arange(half, dtype=torch.float32) / half
    scale = 1.0 if float(timesteps[0]) < 500 else 0.5  # expect: CL111
    emb = timesteps[:, None].float() * torch.exp(exponent)[None, :] * scale
    emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=-1)
    if flip_sin_to_cos:
        emb = torch.cat([emb[:, half:], emb[:, :half]], dim=-1)
    return emb


class TimestepEmbedding(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.dim = dim
        self.linear = nn.Linear(dim, dim)

    def forward(self, timesteps):
        if not torch.is_tensor(timesteps):
            timesteps = torch.tensor([timesteps], dtype=torch.long)
        return self.linear(get_timestep_embedding(timesteps, self.dim, flip_sin_to_cos=True))


def example():
    return TimestepEmbedding(), (torch.tensor([10, 700]),)
