"""An Euler-style scheduler driven from a compiled denoising module: the first `step` looks its index up by
matching the timestep against the schedule (`nonzero`), picking the second match when there are two."""
import torch
from torch import nn


class EulerScheduler:
    def __init__(self, num_train_timesteps=20, num_inference_steps=5):
        betas = torch.linspace(1e-4, 0.02, num_train_timesteps)
        alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.timesteps = torch.linspace(num_train_timesteps - 1, 0, num_inference_steps).round()
        sigmas = ((1 - alphas_cumprod) / alphas_cumprod) ** 0.5
        self.sigmas = torch.cat([sigmas[self.timesteps.long()], torch.zeros(1)])
        self._step_index = None
        self._begin_index = None

    def index_for_timestep(self, timestep, schedule_timesteps=None):
        if schedule_timesteps is None:
            schedule_timesteps = self.timesteps
        indices = (schedule_timesteps == timestep).nonzero()  # known-miss: CL121
        pos = 1 if len(indices) > 1 else 0
        return indices[pos].item()  # known-miss: CL111

    def _init_step_index(self, timestep):
        if self._begin_index is None:
            self._step_index = self.index_for_timestep(timestep)
        else:
            self._step_index = self._begin_index

    def step(self, model_output, timestep, sample):
        if self._step_index is None:
            self._init_step_index(timestep)
        sigma = self.sigmas[self._step_index]
        sigma_next = self.sigmas[self._step_index + 1]
        pred_original_sample = sample - sigma * model_output
        derivative = (sample - pred_original_sample) / sigma
        return sample + derivative * (sigma_next - sigma)


class Denoiser(nn.Module):
    def __init__(self, scheduler):
        super().__init__()
        self.net = nn.Conv2d(4, 4, 1)
        self.scheduler = scheduler

    def forward(self, latents, t):
        noise_pred = self.net(latents)
        return self.scheduler.step(noise_pred, t, latents)


def example():
    scheduler = EulerScheduler()
    return Denoiser(scheduler), (torch.randn(1, 4, 4, 4), scheduler.timesteps[1])
