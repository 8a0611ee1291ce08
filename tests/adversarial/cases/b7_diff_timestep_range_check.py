"""A time-conditioned UNet stub that validates its timesteps against the number of training steps before
embedding them: the check reads the timestep tensor's values (`timesteps.max() >= ...`) and raises."""
import math

import torch
from torch import nn


def get_timestep_embedding(timesteps, embedding_dim, max_period=10000):
    half_dim = embedding_dim // 2
    exponent = -math.log(max_period) * torch.arange(half_dim, dtype=torch.float32) / half_dim
    emb = timesteps[:, None].float() * torch.exp(exponent)[None, :]
    return torch.cat([emb.sin(), emb.cos()], dim=-1)


class TimestepChecks:
    num_train_timesteps = 1000

    def _check_timesteps(self, timesteps):
        if timesteps.max() >= self.num_train_timesteps:  # expect: CL101
            raise ValueError("timestep out of range")


class TinyUNet(TimestepChecks, nn.Module):
    def __init__(self, channels=2, time_dim=4):
        super().__init__()
        self.time_dim = time_dim
        self.time_proj = nn.Linear(time_dim, channels)
        self.conv = nn.Conv2d(channels, channels, 1)

    def forward(self, sample, timesteps):
        if not torch.is_tensor(timesteps):
            timesteps = torch.tensor([timesteps], dtype=torch.long)
        timesteps = timesteps.expand(sample.shape[0])
        self._check_timesteps(timesteps)
        emb = self.time_proj(get_timestep_embedding(timesteps, self.time_dim))
        return self.conv(sample) + emb[:, :, None, None]


def example():
    return TinyUNet(), (torch.randn(2, 2, 3, 3), torch.tensor(10))
