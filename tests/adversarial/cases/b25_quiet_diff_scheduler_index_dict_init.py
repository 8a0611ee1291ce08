"""The same scheduler builds its timestep-to-index dict once in `__init__` from Python ints and looks it up with
the Python timestep the pipeline hands over."""
import torch
from torch import nn


class IndexedScheduler(nn.Module):
    def __init__(self, steps=4):
        super().__init__()
        timesteps = [int(t) for t in torch.linspace(999, 0, steps).long()]
        self.index_of = {t: i for i, t in enumerate(timesteps)}
        self.register_buffer("sigmas", torch.linspace(1.0, 0.0, steps + 1))
        self.unet = nn.Conv2d(4, 4, 1)

    def forward(self, latents, timestep):
        i = self.index_of[timestep]
        return latents + self.unet(latents) * (self.sigmas[i + 1] - self.sigmas[i])


def example():
    return IndexedScheduler(), (torch.randn(1, 4, 4, 4), 666)
