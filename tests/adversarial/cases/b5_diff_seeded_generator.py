"""A pipeline's latent preparation with a per-call seed: building a `torch.Generator` and seeding it inside the
compiled function. Scaling by the scheduler's init sigma and the shape arithmetic from the VAE factor compile."""
import torch
from torch import nn


def randn_tensor(shape, generator=None, device=None, dtype=None):
    if isinstance(generator, list):
        parts = [torch.randn((1,) + tuple(shape[1:]), generator=g, device=device, dtype=dtype) for g in generator]
        return torch.cat(parts, dim=0)
    return torch.randn(shape, generator=generator, device=device, dtype=dtype)  # expect: CL134


class LatentPrep(nn.Module):
    def __init__(self, vae_scale_factor=4, channels=3, init_noise_sigma=1.0):
        super().__init__()
        self.vae_scale_factor = vae_scale_factor
        self.channels = channels
        self.init_noise_sigma = init_noise_sigma
        self.proj = nn.Conv2d(channels, channels, 1)

    def forward(self, image, seed: int):
        batch, _, height, width = image.shape
        shape = (batch, self.channels, height // self.vae_scale_factor, width // self.vae_scale_factor)
        generator = torch.Generator(device="cpu").manual_seed(seed)  # expect: CL134
        latents = randn_tensor(shape, generator=generator, dtype=image.dtype)
        latents = latents * self.init_noise_sigma
        return self.proj(latents)


def example():
    return LatentPrep(), (torch.randn(2, 3, 8, 8), 123)
