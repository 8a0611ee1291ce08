"""The VAE's `decode` carries the library's `apply_forward_hook` decorator; forward reaches it through
`self.decode`, and decode refuses latents that blew up, a test on tensor values."""
import torch
from torch import nn

from b12_quiet_diff_blocks import ModelMixin, apply_forward_hook, register_to_config


class TinyVAE(ModelMixin):
    @register_to_config
    def __init__(self, channels=3, latent_channels=2, scaling_factor=0.18):
        super().__init__()
        self.encoder = nn.Conv2d(channels, latent_channels, 3, padding=1)
        self.decoder = nn.Conv2d(latent_channels, channels, 3, padding=1)

    @apply_forward_hook
    def encode(self, x):
        return self.encoder(x)

    @apply_forward_hook
    def decode(self, z):
        if torch.isnan(z).any():  # expect: CL101
            raise ValueError("latents contain NaN")
        return self.decoder(z / self.config["scaling_factor"])

    def forward(self, sample):
        return self.decode(self.encode(sample))


def example():
    return TinyVAE(), (torch.randn(1, 3, 4, 4),)
