"""`prepare_latents` that builds its own generator when a seed is given (the example passes one), then
draws the initial noise through the utils' `randn_tensor` and scales it by the scheduler's sigma."""
import torch
from torch import nn

from b11_diff_utils import randn_tensor


class Pipeline(nn.Module):
    vae_scale_factor = 2

    def __init__(self):
        super().__init__()
        self.unet = nn.Conv2d(4, 4, 3, padding=1)
        self.init_noise_sigma = 1.0

    def prepare_latents(self, batch_size, channels, height, width, dtype, device, generator=None, seed=None):
        shape = (batch_size, channels, height // self.vae_scale_factor, width // self.vae_scale_factor)
        if isinstance(generator, list) and len(generator) != batch_size:
            raise ValueError(f"Expected {batch_size} generators, got {len(generator)}.")
        if generator is None and seed is not None:
            generator = torch.Generator(device="cpu").manual_seed(seed)  # expect: CL134
        latents = randn_tensor(shape, generator=generator, device=device, dtype=dtype)
        return latents * self.init_noise_sigma

    def forward(self, prompt_embeds, height=8, width=8, seed=None):
        latents = self.prepare_latents(prompt_embeds.shape[0], 4, height, width, prompt_embeds.dtype,
                                       prompt_embeds.device, seed=seed)
        return self.unet(latents) + prompt_embeds.mean()


def example():
    return Pipeline(), (torch.randn(2, 3, 8), 8, 8, 0)
