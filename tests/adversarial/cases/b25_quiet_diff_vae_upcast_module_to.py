"""A latent decoder upcasts its VAE for decoding the way SDXL pipelines do, `self.vae.to(dtype=torch.float32)` when
the config forces it, inside the compiled decode."""
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

    def forward(self, latents):
        if self.vae.config.force_upcast:
            self.vae.to(dtype=torch.float32)
        latents = latents / self.vae.config.scaling_factor
        return self.vae.decode(latents.to(torch.float32))


def example():
    return LatentDecoder(), (torch.randn(1, 4, 4, 4),)
