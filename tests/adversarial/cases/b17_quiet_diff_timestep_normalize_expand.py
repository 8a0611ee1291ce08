"""A UNet's timestep normalisation: a Python number becomes a tensor, a 0-d tensor gains a batch dimension,
then it is broadcast to the batch; every test is on type or rank."""
import math

import torch
from torch import nn


class TimestepUNet(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.dim = dim
        self.time_mlp = nn.Linear(dim, dim)

    def forward(self, sample, timesteps):
        if not torch.is_tensor(timesteps):
            timesteps = torch.tensor([timesteps], dtype=torch.long, device=sample.device)
        elif len(timesteps.shape) == 0:
            timesteps = timesteps[None].to(sample.device)
        timesteps = timesteps.expand(sample.shape[0])
        half = self.dim // 2
        exponent = -math.log(10000) * torch.arange(half, dtype=torch.float32) / half
        emb = timesteps[:, None].float() * torch.exp(exponent)[None]
        return sample + self.time_mlp(torch.cat([emb.sin(), emb.cos()], -1))


def example():
    return TimestepUNet(), (torch.randn(3, 8), torch.tensor(250))
