"""A VAE's diagonal Gaussian posterior: a `deterministic` flag fixed at construction, the KL term, and the NLL
with the `np.log(2.0 * np.pi)` constant."""
import numpy as np
import torch
from torch import nn


class DiagonalGaussian:
    def __init__(self, parameters, deterministic=False):
        self.mean, self.logvar = torch.chunk(parameters, 2, dim=1)
        self.logvar = torch.clamp(self.logvar, -30.0, 20.0)
        self.deterministic = deterministic
        self.std = torch.exp(0.5 * self.logvar)
        self.var = torch.exp(self.logvar)
        if self.deterministic:
            self.var = self.std = torch.zeros_like(self.mean)

    def kl(self):
        if self.deterministic:
            return torch.zeros(1)
        return 0.5 * torch.sum(self.mean.pow(2) + self.var - 1.0 - self.logvar, dim=1)

    def nll(self, sample):
        log_two_pi = np.log(2.0 * np.pi)
        return 0.5 * torch.sum(log_two_pi + self.logvar + (sample - self.mean).pow(2) / self.var, dim=1)


class TinyEncoder(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.moments = nn.Linear(dim, 2 * dim)

    def forward(self, x):
        posterior = DiagonalGaussian(self.moments(x))
        return posterior.kl() + posterior.nll(x)


def example():
    return TinyEncoder(), (torch.randn(2, 4),)
