"""A DeepCache-style UNet keeps the time embedding of each timestep already seen, keyed by the timestep as a
Python float, in a helper the forward calls."""
import math

import torch
from torch import nn


def timestep_embedding(t, dim=8):
    half = dim // 2
    freqs = torch.exp(-math.log(10000) * torch.arange(half, dtype=torch.float32) / half)
    args = t.float()[:, None] * freqs[None]
    return torch.cat([torch.cos(args), torch.sin(args)], dim=-1)


class CachedTimeUNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.time_mlp = nn.Linear(8, 8)
        self._emb_cache = {}

    def _time_embedding(self, timestep):
        key = float(timestep[0])  # expect: CL111
        if key not in self._emb_cache:
            self._emb_cache[key] = self.time_mlp(timestep_embedding(timestep))
        return self._emb_cache[key]

    def forward(self, sample, timestep):
        return sample + self._time_embedding(timestep)


def example():
    return CachedTimeUNet(), (torch.randn(1, 8), torch.tensor([500]))
