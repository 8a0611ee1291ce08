"""A pipeline's denoising loop over a tensor of timesteps stops applying guidance after a fraction of the
schedule: `if t < self.guidance_end * 1000` compares a 0-d tensor with a float."""
import torch
from torch import nn


class Pipeline(nn.Module):
    def __init__(self, guidance_end=0.5, guidance_scale=5.0):
        super().__init__()
        self.unet = nn.Linear(4, 4)
        self.guidance_end = guidance_end
        self.guidance_scale = guidance_scale

    def forward(self, latents, timesteps):
        for i, t in enumerate(timesteps):
            noise_pred = self.unet(latents)
            if t < self.guidance_end * 1000:  # expect: CL101
                noise_pred = noise_pred * self.guidance_scale
            latents = latents - 0.1 * noise_pred
        return latents


def example():
    return Pipeline(), (torch.randn(1, 4), torch.tensor([999, 666, 333]))
