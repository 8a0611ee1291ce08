"""The same Euler scheduler and warning; the denoiser calls `scale_model_input` first, so `step` finds the flag set
and the warning stays untaken."""
import warnings

import torch
from torch import nn


class EulerScheduler:
    def __init__(self, sigmas=(1.0, 0.5, 0.0)):
        self.sigmas = list(sigmas)
        self.is_scale_input_called = False

    def scale_model_input(self, sample, step_index):
        self.is_scale_input_called = True
        return sample / ((self.sigmas[step_index] ** 2 + 1) ** 0.5)

    def step(self, model_output, step_index, sample):
        if not self.is_scale_input_called:
            warnings.warn("The `scale_model_input` function should be called before `step`.")  # known-fp: CL131
        dt = self.sigmas[step_index + 1] - self.sigmas[step_index]
        return sample + model_output * dt


class EulerDenoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Conv2d(4, 4, 1)
        self.scheduler = EulerScheduler()

    def forward(self, latents):
        model_input = self.scheduler.scale_model_input(latents, 0)
        noise_pred = self.unet(model_input)
        return self.scheduler.step(noise_pred, 0, latents)


def example():
    return EulerDenoiser(), (torch.randn(1, 4, 4, 4),)
