"""A VAE with `apply_forward_hook` on encode/decode (no offload hook attached) and slicing/tiling switches that
are off; the posterior samples with `randn_like`, which compiles."""
import torch
from torch import nn

from b12_quiet_diff_blocks import ModelMixin, apply_forward_hook, register_to_config


class DiagonalGaussian:
    def __init__(self, parameters):
        self.mean, self.logvar = torch.chunk(parameters, 2, dim=1)
        self.logvar = torch.clamp(self.logvar, -30.0, 20.0)
        self.std = torch.exp(0.5 * self.logvar)

    def sample(self, generator=None):
        return self.mean + self.std * torch.randn_like(self.mean)


class AutoencoderKL(ModelMixin):
    @register_to_config
    def __init__(self, channels=3, latent_channels=2):
        super().__init__()
        self.encoder = nn.Conv2d(channels, 2 * latent_channels, 3, padding=1)
        self.decoder = nn.Conv2d(latent_channels, channels, 3, padding=1)
        self.use_slicing = False
        self.use_tiling = False

    @apply_forward_hook
    def encode(self, x):
        if self.use_slicing and x.shape[0] > 1:
            moments = torch.cat([self.encoder(s) for s in x.split(1)])
        else:
            moments = self.encoder(x)
        return DiagonalGaussian(moments)

    @apply_forward_hook
    def decode(self, z):
        if self.use_tiling and (z.shape[-1] > 64 or z.shape[-2] > 64):
            raise NotImplementedError
        return self.decoder(z)

    def forward(self, sample, sample_posterior=False):
        posterior = self.encode(sample)
        z = posterior.sample() if sample_posterior else posterior.mean
        return self.decode(z)


def example():
    return AutoencoderKL(), (torch.randn(1, 3, 4, 4), True)
