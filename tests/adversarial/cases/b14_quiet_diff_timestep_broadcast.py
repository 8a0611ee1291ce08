"""The UNet's timestep handling: `torch.is_tensor` and `ndim` tests, `[None]` for a 0-d timestep,
`expand` to the batch; no value is read."""
import math

import torch
from torch import nn


def timestep_embedding(timesteps, dim, max_period=10000):
    half = dim // 2
    exponent = -math.log(max_period) * torch.arange(half, dtype=torch.float32) / half
    args = timesteps[:, None].float() * torch.exp(exponent)[None, :]
    return torch.cat([args.sin(), args.cos()], dim=-1)


class UNet(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.time_proj = nn.Linear(dim, dim)
        self.dim = dim

    def forward(self, sample, timestep):
        timesteps = timestep
        if not torch.is_tensor(timesteps):
            timesteps = torch.tensor([timesteps], dtype=torch.long, device=sample.device)
        elif timesteps.ndim == 0:
            timesteps = timesteps[None].to(sample.device)
        timesteps = timesteps.expand(sample.shape[0])
        return sample + self.time_proj(timestep_embedding(timesteps, self.dim))


def example():
    return UNet(), (torch.randn(2, 8), torch.tensor(500))
