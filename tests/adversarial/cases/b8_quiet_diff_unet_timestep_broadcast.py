"""A UNet's timestep handling: a Python number becomes a tensor, a 0-d tensor gains a batch dimension,
and the dtype depends on the device type and on whether the timestep is a float; all decided on Python
values and tensor metadata."""
import math

import torch
from torch import nn


def timestep_embedding(timesteps, dim, max_period=10000):
    half = dim // 2
    exponent = -math.log(max_period) * torch.arange(half, dtype=torch.float32) / half
    args = timesteps[:, None].float() * torch.exp(exponent)[None, :]
    return torch.cat([torch.cos(args), torch.sin(args)], dim=-1)


class TinyUNet(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.dim = dim
        self.time_proj = nn.Linear(dim, dim)

    def forward(self, sample, timestep):
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
        return sample + self.time_proj(timestep_embedding(timesteps, self.dim))


def example():
    return TinyUNet(), (torch.randn(2, 4), torch.tensor(10))
