"""Timestep handling at the top of a UNet forward: a Python number becomes a tensor, a 0-dim tensor gets a
batch axis, it is broadcast to the batch, and the sinusoidal embedding uses `math.log` of a constant."""
import math

import torch
from torch import nn


def get_timestep_embedding(timesteps, embedding_dim, flip_sin_to_cos=False, downscale_freq_shift=1,
                           scale=1, max_period=10000):
    assert len(timesteps.shape) == 1, "Timesteps should be a 1d-array"
    half_dim = embedding_dim // 2
    exponent = -math.log(max_period) * torch.arange(start=0, end=half_dim, dtype=torch.float32,
                                                    device=timesteps.device)
    exponent = exponent / (half_dim - downscale_freq_shift)
    emb = torch.exp(exponent)
    emb = timesteps[:, None].float() * emb[None, :]
    emb = scale * emb
    emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=-1)
    if flip_sin_to_cos:
        emb = torch.cat([emb[:, half_dim:], emb[:, :half_dim]], dim=-1)
    if embedding_dim % 2 == 1:
        emb = torch.nn.functional.pad(emb, (0, 1, 0, 0))
    return emb


class UNetTop(nn.Module):
    def __init__(self, channels=4, time_dim=8):
        super().__init__()
        self.time_dim = time_dim
        self.time_embedding = nn.Sequential(nn.Linear(time_dim, channels), nn.SiLU())
        self.conv_in = nn.Conv2d(channels, channels, 3, padding=1)

    def get_time_embed(self, sample, timestep):
        timesteps = timestep
        if not torch.is_tensor(timesteps):
            is_mps = sample.device.type == "mps"
            if isinstance(timestep, float):
                dtype = torch.float32 if is_mps else torch.float64
            else:
                dtype = torch.int32 if is_mps else torch.int64
            timesteps = torch.tensor([timesteps], dtype=dtype, device=sample.device)
        elif len(timesteps.shape) == 0:
            timesteps = timesteps[None].to(sample.device)
        timesteps = timesteps.expand(sample.shape[0])
        return get_timestep_embedding(timesteps, self.time_dim, flip_sin_to_cos=True, downscale_freq_shift=0)

    def forward(self, sample, timestep):
        emb = self.time_embedding(self.get_time_embed(sample, timestep).to(dtype=sample.dtype))
        return self.conv_in(sample) + emb[:, :, None, None]


def example():
    return UNetTop(), (torch.randn(2, 4, 4, 4), torch.tensor(10))
