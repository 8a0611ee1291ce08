"""The same decoder upcasts the VAE once in `__init__` (`self.vae.to(torch.float32)`) and only casts the latents in
forward."""
import torch
from torch import nn

from b25_diff_utils import ModelConfig


class VaeConfig(ModelConfig):
    force_upcast = True


class TinyVae(nn.Module):
    def __init__(self, config=VaeConfig()):
        super().__init__()
        self.config = config
        self.post_quant_conv = nn.Conv2d(config.latent_channels, 3, 1)

    def decode(self, z):
        return self.post_quant_conv(z)


class LatentDecoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.vae = TinyVae()
        if self.vae.config.force_upcast:
            self.vae.to(dtype=torch.float32)

    def forward(self, latents):
        latents = latents / self.vae.config.scaling_factor
        return self.vae.decode(latents.to(next(self.vae.parameters()).dtype))


def example():
    return LatentDecoder(), (torch.randn(1, 4, 4, 4),)
