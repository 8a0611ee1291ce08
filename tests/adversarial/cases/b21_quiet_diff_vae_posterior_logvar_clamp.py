"""A VAE encoder wraps its moments in the utils file's diagonal-Gaussian posterior (whose constructor clamps the
log-variance) and chooses sample or mode by a Python flag and the posterior's Python `deterministic` attribute."""
import torch
from torch import nn

from b21_diff_utils import DiagonalGaussianDistribution


class Encoder(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.conv = nn.Conv2d(3, 2 * channels, 3, padding=1)

    def forward(self, image, sample_posterior: bool = True):
        posterior = DiagonalGaussianDistribution(self.conv(image))
        if posterior.deterministic or not sample_posterior:
            return posterior.mode()
        return posterior.sample() * posterior.std.clamp(max=1.0)


def example():
    return Encoder(), (torch.randn(1, 3, 4, 4),)
