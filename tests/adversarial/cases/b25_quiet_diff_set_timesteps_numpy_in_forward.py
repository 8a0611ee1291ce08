"""A denoiser resets its scheduler on every call: `set_timesteps` spaces the timesteps with numpy (`np.linspace`,
rounded, reversed with `[::-1]`, copied and cast) and wraps them with `torch.from_numpy`."""
import numpy as np
import torch
from torch import nn


class DDIMScheduler:
    num_train_timesteps = 1000

    def set_timesteps(self, num_inference_steps):
        timesteps = np.linspace(0, self.num_train_timesteps - 1, num_inference_steps).round()[::-1].copy()
        self.timesteps = torch.from_numpy(timesteps.astype(np.int64))


class Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Conv2d(4, 4, 1)
        self.scheduler = DDIMScheduler()

    def forward(self, latents, num_inference_steps: int = 4):
        self.scheduler.set_timesteps(num_inference_steps)
        return self.unet(latents) * self.scheduler.timesteps[0]


def example():
    return Denoiser(), (torch.randn(1, 4, 4, 4),)
