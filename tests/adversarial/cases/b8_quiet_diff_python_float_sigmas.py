"""A scheduler that keeps its sigmas as Python floats: `set_timesteps` (run before compiling, outside the
model) turns a tensor schedule into a list with `.tolist()`, and `step` compares plain floats."""
import torch
from torch import nn


class FloatSigmaScheduler:
    def __init__(self, s_tmin=0.05):
        self.s_tmin = s_tmin
        self.sigmas = []
        self._step_index = None

    def set_timesteps(self, num_inference_steps):
        sigmas = torch.linspace(2.0, 0.0, num_inference_steps + 1)
        self.sigmas = sigmas.tolist()
        self._step_index = 0
        if sigmas[-1].item() != 0.0:
            raise ValueError("the last sigma must be zero")

    def step(self, model_output, sample):
        sigma = self.sigmas[self._step_index]
        sigma_next = self.sigmas[self._step_index + 1]
        gamma = 0.1 if sigma > self.s_tmin else 0.0
        sigma_hat = sigma * (gamma + 1)
        prev_sample = sample + (sigma_next - sigma_hat) * model_output
        self._step_index += 1
        return prev_sample


class Denoiser(nn.Module):
    def __init__(self, scheduler):
        super().__init__()
        self.net = nn.Linear(4, 4)
        self.scheduler = scheduler

    def forward(self, sample):
        return self.scheduler.step(self.net(sample), sample)


def example():
    scheduler = FloatSigmaScheduler()
    scheduler.set_timesteps(4)
    return Denoiser(scheduler), (torch.randn(2, 4),)
