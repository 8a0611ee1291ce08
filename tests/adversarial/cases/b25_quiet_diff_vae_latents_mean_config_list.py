"""A decoder unscales latents with per-channel statistics stored in the VAE config as Python lists:
`torch.tensor(config.latents_mean).view(1, 4, 1, 1)`, made in forward, after a `hasattr` / `is not None` test."""
import torch
from torch import nn


class VaeConfig:
    latents_mean = [0.1, -0.2, 0.3, 0.0]
    latents_std = [1.0, 0.9, 1.1, 1.0]
    scaling_factor = 0.13


class LatentDecoder(nn.Module):
    def __init__(self, config=VaeConfig()):
        super().__init__()
        self.config = config
        self.decoder = nn.Conv2d(4, 3, 1)

    def forward(self, latents):
        has_mean = hasattr(self.config, "latents_mean") and self.config.latents_mean is not None
        if has_mean:
            mean = torch.tensor(self.config.latents_mean).view(1, 4, 1, 1).to(latents.device, latents.dtype)
            std = torch.tensor(self.config.latents_std).view(1, 4, 1, 1).to(latents.device, latents.dtype)
            latents = latents * std / self.config.scaling_factor + mean
        else:
            latents = latents / self.config.scaling_factor
        return self.decoder(latents)


def example():
    return LatentDecoder(), (torch.randn(1, 4, 4, 4),)
