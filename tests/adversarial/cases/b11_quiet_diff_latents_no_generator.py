"""Initial latents drawn through the utils' `randn_tensor` with no generator (the usual compiled case), the
list-of-generators check only on a Python list, and the noise scaled by a float sigma."""
import torch
from torch import nn

from b11_diff_utils import randn_tensor


class Pipeline(nn.Module):
    def __init__(self, vae_scale_factor=2):
        super().__init__()
        self.vae_scale_factor = vae_scale_factor
        self.unet = nn.Conv2d(4, 4, 3, padding=1)
        self.init_noise_sigma = 1.0

    def prepare_latents(self, batch_size, num_channels, height, width, dtype, device, generator, latents=None):
        shape = (batch_size, num_channels, int(height) // self.vae_scale_factor, int(width) // self.vae_scale_factor)
        if isinstance(generator, list) and len(generator) != batch_size:
            raise ValueError(f"You passed {len(generator)} generators for a batch of {batch_size}.")
        if latents is None:
            latents = randn_tensor(shape, generator=generator, device=device, dtype=dtype)
        else:
            latents = latents.to(device)
        return latents * self.init_noise_sigma

    def forward(self, prompt_embeds, height=8, width=8, generator=None):
        latents = self.prepare_latents(prompt_embeds.shape[0], 4, height, width, prompt_embeds.dtype,
                                       prompt_embeds.device, generator)
        return self.unet(latents) + prompt_embeds.mean()


def example():
    return Pipeline(), (torch.randn(2, 3, 8),)
