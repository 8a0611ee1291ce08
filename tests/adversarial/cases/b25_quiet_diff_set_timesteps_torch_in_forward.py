"""The same denoiser resets its scheduler on every call, the timesteps spaced with torch (`linspace`, `round`,
`flip`, a cast), no numpy."""
import torch
from torch import nn


class DDIMScheduler:
    num_train_timesteps = 1000

    def set_timesteps(self, num_inference_steps):
        timesteps = torch.linspace(0, self.num_train_timesteps - 1, num_inference_steps).round().flip(0)
        self.timesteps = timesteps.to(torch.int64)


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
