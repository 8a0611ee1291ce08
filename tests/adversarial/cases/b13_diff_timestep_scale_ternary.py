"""Timesteps given in [0, 1] are scaled to [0, 1000]: a ternary decides it from the tensor's maximum."""
import math

import torch
from torch import nn

from b13_quiet_diff_modeling import ModelMixin


def get_timestep_embedding(timesteps, embedding_dim, max_period=10000):
    half = embedding_dim // 2
    exponent = -math.log(max_period) * torch.arange(half, dtype=torch.float32) / half
    emb = timesteps[:, None].float() * torch.exp(exponent)[None, :]
    return torch.cat([emb.sin(), emb.cos()], dim=-1)


class TimestepEmbedding(ModelMixin):
    def __init__(self, dim=8):
        super().__init__()
        self.dim = dim
        self.linear = nn.Linear(dim, dim)

    def forward(self, timesteps):
        timesteps = timesteps * 1000 if timesteps.max() <= 1 else timesteps  # expect: CL101
        return self.linear(get_timestep_embedding(timesteps, self.dim))


def example():
    return TimestepEmbedding(), (torch.tensor([0.25, 0.5]),)
