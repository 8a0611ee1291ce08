"""A VAE encoder wraps its moments in the utils file's diagonal-Gaussian posterior and refuses to sample from a
collapsed posterior: the guard reads the posterior object's log-variance."""
import torch
from torch import nn

from b21_diff_utils import DiagonalGaussianDistribution


class Encoder(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.conv = nn.Conv2d(3, 2 * channels, 3, padding=1)

    def forward(self, image, sample_posterior: bool = True):
        posterior = DiagonalGaussianDistribution(self.conv(image))
        if posterior.logvar.min() <= -30.0:  # known-miss: CL101
            return posterior.mode()
        return posterior.sample() if sample_posterior else posterior.mode()


def example():
    return Encoder(), (torch.randn(1, 3, 4, 4),)
