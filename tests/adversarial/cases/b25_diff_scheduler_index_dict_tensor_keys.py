"""A scheduler maps timesteps to their step index with a dict built from the timesteps tensor in forward
(`{int(t): i for i, t in enumerate(self.timesteps)}`), then looks the current timestep up."""
import torch
from torch import nn


class IndexedScheduler(nn.Module):
    def __init__(self, steps=4):
        super().__init__()
        self.register_buffer("timesteps", torch.linspace(999, 0, steps).long())
        self.register_buffer("sigmas", torch.linspace(1.0, 0.0, steps + 1))
        self.unet = nn.Conv2d(4, 4, 1)

    def forward(self, latents, step):
        index_of = {int(t): i for i, t in enumerate(self.timesteps)}  # expect: CL111
        i = index_of[int(self.timesteps[step])]  # known-fp: CL111
        return latents + self.unet(latents) * (self.sigmas[i + 1] - self.sigmas[i])


def example():
    return IndexedScheduler(), (torch.randn(1, 4, 4, 4), 1)
