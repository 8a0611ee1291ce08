"""A scheduler whose step index is a Python int set in set_timesteps; step() indexes its sigma tensor with
it and increments it (outside the compiled call the pipeline loop drives it)."""
import torch
from torch import nn


class DPMLikeScheduler:
    def __init__(self, steps=4):
        self.sigmas = torch.linspace(1.0, 0.0, steps + 1)
        self.timesteps = torch.linspace(999, 0, steps)
        self._step_index = 0

    @property
    def step_index(self):
        return self._step_index

    def scale_model_input(self, sample, timestep):
        sigma = self.sigmas[self.step_index]
        return sample / ((sigma ** 2 + 1) ** 0.5)

    def step(self, model_output, timestep, sample):
        sigma, sigma_next = self.sigmas[self.step_index], self.sigmas[self.step_index + 1]
        prev = sample + (sigma_next - sigma) * model_output
        return prev


class Denoise(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Linear(4, 4)
        self.scheduler = DPMLikeScheduler()

    def forward(self, latents, t):
        model_in = self.scheduler.scale_model_input(latents, t)
        return self.scheduler.step(self.unet(model_in), t, latents)


def example():
    return Denoise(), (torch.randn(2, 4), torch.tensor(999.0))
