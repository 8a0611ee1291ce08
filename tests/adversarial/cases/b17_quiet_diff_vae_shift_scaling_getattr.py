"""Latents decoded after undoing the VAE's scaling and an optional shift factor read with getattr from the
config (Python floats)."""
import torch
from torch import nn

from b17_diff_utils import Config


class Decoder(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.post_quant_conv = nn.Conv2d(config.in_channels, config.in_channels, 1)

    def forward(self, latents):
        shift_factor = getattr(self.config, "shift_factor", None)
        latents = latents / self.config.scaling_factor
        if shift_factor is not None:
            latents = latents + shift_factor
        return self.post_quant_conv(latents).clamp(-1, 1)


def example():
    return Decoder(), (torch.randn(1, 4, 2, 2),)
