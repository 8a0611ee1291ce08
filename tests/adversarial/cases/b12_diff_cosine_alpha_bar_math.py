"""A noise schedule object's `add_noise` computes the cosine alpha-bar of the timestep with `math.cos`, which
needs a Python number: the timestep tensor is converted."""
import math

import torch
from torch import nn


class CosineSchedule:
    def __init__(self, num_steps=1000):
        self.num_steps = num_steps

    def _alpha_bar(self, t):
        return math.cos((t / self.num_steps + 0.008) / 1.008 * math.pi / 2) ** 2  # expect: CL113

    def add_noise(self, original, noise, t):
        alpha = self._alpha_bar(t)
        return alpha ** 0.5 * original + (1 - alpha) ** 0.5 * noise


class NoisingWrapper(nn.Module):
    def __init__(self):
        super().__init__()
        self.schedule = CosineSchedule()
        self.unet = nn.Conv2d(3, 3, 3, padding=1)

    def forward(self, latents, noise, t):
        return self.unet(self.schedule.add_noise(latents, noise, t))


def example():
    return NoisingWrapper(), (torch.randn(1, 3, 4, 4), torch.randn(1, 3, 4, 4), torch.tensor(250))
