"""An Euler sampler step held by the denoiser as a plain scheduler object: the churn is applied only when the
current sigma lies inside [s_tmin, s_tmax] (a chained comparison of a 0-d tensor)."""
import torch
from torch import nn


class EulerScheduler:
    def __init__(self, num_steps=4):
        self.sigmas = torch.linspace(10.0, 0.0, num_steps + 1)
        self.step_index = 0

    def step(self, model_output, sample, s_churn=0.5, s_tmin=0.0, s_tmax=float("inf")):
        sigma = self.sigmas[self.step_index]
        gamma = min(s_churn / (len(self.sigmas) - 1), 2**0.5 - 1) if s_tmin <= sigma <= s_tmax else 0.0  # expect: CL101
        sigma_hat = sigma * (gamma + 1)
        derivative = (sample - (sample - sigma_hat * model_output)) / sigma_hat
        dt = self.sigmas[self.step_index + 1] - sigma_hat
        return sample + derivative * dt


class Denoiser(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.unet = nn.Linear(dim, dim)
        self.scheduler = EulerScheduler()

    def forward(self, latents):
        return self.scheduler.step(self.unet(latents), latents)


def example():
    return Denoiser(), (torch.randn(2, 4),)
