"""Strength-based img2img: the starting step is found by walking the timestep tensor and comparing each
entry with the noised timestep, inside the compiled forward."""
import torch
from torch import nn


class Img2Img(nn.Module):
    def __init__(self, steps=5):
        super().__init__()
        self.unet = nn.Linear(4, 4)
        self.register_buffer("timesteps", torch.linspace(900, 100, steps))

    def forward(self, latents, noise_timestep):
        start = 0
        for i, t in enumerate(self.timesteps):
            if t <= noise_timestep:  # expect: CL101
                start = i
                break
        for t in self.timesteps[start:]:
            latents = latents - 0.01 * self.unet(latents)
        return latents


def example():
    return Img2Img(), (torch.randn(2, 4), torch.tensor(500.0))
