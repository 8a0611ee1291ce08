"""A diffusion library's utils file for batch 21: a diagonal-Gaussian posterior (mean and clamped log-variance split
from the encoder's moments, with `sample` and `mode`) and a scheduler state dataclass (the functional schedulers'
style: the state travels with the call). The other b21 diffusion cases import it; its example runs both once."""
from dataclasses import dataclass

import torch
from torch import nn


class DiagonalGaussianDistribution:
    def __init__(self, parameters, deterministic=False):
        self.mean, self.logvar = torch.chunk(parameters, 2, dim=1)
        self.logvar = torch.clamp(self.logvar, -30.0, 20.0)
        self.deterministic = deterministic
        self.std = torch.exp(0.5 * self.logvar)

    def sample(self):
        return self.mean + self.std * torch.randn_like(self.mean)

    def mode(self):
        return self.mean


@dataclass
class SchedulerState:
    sigmas: torch.Tensor
    step_index: torch.Tensor
    order: int = 1


class _UtilsDemo(nn.Module):
    def forward(self, moments):
        posterior = DiagonalGaussianDistribution(moments)
        state = SchedulerState(sigmas=torch.linspace(1.0, 0.0, 4), step_index=torch.tensor(0))
        return posterior.mode() * state.sigmas[state.order]


def example():
    return _UtilsDemo(), (torch.randn(1, 4, 2, 2),)
