"""An Euler-style scheduler that keeps its sigmas as a Python list (converted once in set_timesteps, outside
the compiled step): `step()` indexes it with the int step index, compares the next sigma with 0 and does
float arithmetic. The step index is a Python int bumped on the scheduler object."""
import torch
from torch import nn


class EulerScheduler:
    def __init__(self, num_train_timesteps=10):
        self.num_train_timesteps = num_train_timesteps
        self.sigmas = None
        self._step_index = None

    @property
    def step_index(self):
        return self._step_index

    def set_timesteps(self, steps):
        sigmas = torch.linspace(1.0, 0.0, steps + 1)
        self.sigmas = sigmas.tolist()
        self.timesteps = (sigmas[:-1] * self.num_train_timesteps).long()
        self._step_index = 0

    def step(self, model_output, sample):
        sigma = self.sigmas[self.step_index]
        sigma_next = self.sigmas[self.step_index + 1]
        denoised = sample - sigma * model_output
        if sigma_next == 0:
            prev_sample = denoised
        else:
            derivative = (sample - denoised) / sigma
            prev_sample = sample + derivative * (sigma_next - sigma)
        return prev_sample


class Denoiser(nn.Module):
    def __init__(self, scheduler):
        super().__init__()
        self.net = nn.Conv2d(2, 2, 1)
        self.scheduler = scheduler

    def forward(self, latents):
        noise_pred = self.net(latents)
        return self.scheduler.step(noise_pred, latents)


def example():
    scheduler = EulerScheduler()
    scheduler.set_timesteps(4)
    return Denoiser(scheduler), (torch.randn(1, 2, 3, 3),)
