"""The SD3-style training step's timestep sampling: `compute_density_for_timestep_sampling` draws `u` from a
logit-normal (`torch.normal` of Python floats, then sigmoid) or the mode scheme, and the index into the scheduler's
timesteps is `(u * num_train_timesteps).long()`; sigmas come from the same index."""
import math

import torch
import torch.nn.functional as F
from torch import nn


def compute_density_for_timestep_sampling(weighting_scheme, batch_size, logit_mean=0.0, logit_std=1.0, mode_scale=1.29):
    if weighting_scheme == "logit_normal":
        u = torch.normal(mean=logit_mean, std=logit_std, size=(batch_size,), device="cpu")
        u = torch.nn.functional.sigmoid(u)
    elif weighting_scheme == "mode":
        u = torch.rand(size=(batch_size,), device="cpu")
        u = 1 - u - mode_scale * (torch.cos(math.pi * u / 2) ** 2 - 1 + u)
    else:
        u = torch.rand(size=(batch_size,), device="cpu")
    return u


class FlowSchedulerStub:
    def __init__(self, num_train_timesteps=10):
        self.num_train_timesteps = num_train_timesteps
        self.timesteps = torch.linspace(1000, 100, num_train_timesteps)
        self.sigmas = self.timesteps / 1000


class FlowTrainingStep(nn.Module):
    def __init__(self, weighting_scheme="logit_normal"):
        super().__init__()
        self.noise_scheduler = FlowSchedulerStub()
        self.weighting_scheme = weighting_scheme
        self.transformer = nn.Linear(8, 8)

    def forward(self, latents, noise):
        u = compute_density_for_timestep_sampling(self.weighting_scheme, latents.shape[0])
        indices = (u * self.noise_scheduler.num_train_timesteps).long()
        sigmas = self.noise_scheduler.sigmas[indices][:, None]
        noisy = (1.0 - sigmas) * latents + sigmas * noise
        return F.mse_loss(self.transformer(noisy), noise - latents)


def example():
    return FlowTrainingStep(), (torch.randn(2, 8), torch.randn(2, 8))
