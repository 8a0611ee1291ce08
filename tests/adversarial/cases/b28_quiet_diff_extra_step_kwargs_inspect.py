"""A pipeline prepares the scheduler step's extra keyword arguments by inspecting `scheduler.step`'s signature
(`eta` only for DDIM, `generator` when accepted), inside the compiled denoising step (compiles)."""
import inspect

import torch
from torch import nn


class DDIMScheduler:
    def step(self, model_output, timestep, sample, eta=0.0):
        return sample - (0.1 + eta) * model_output


class DenoiseStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Linear(4, 4)
        self.scheduler = DDIMScheduler()

    def prepare_extra_step_kwargs(self, generator, eta):
        accepts_eta = "eta" in set(inspect.signature(self.scheduler.step).parameters.keys())
        extra_step_kwargs = {}
        if accepts_eta:
            extra_step_kwargs["eta"] = eta
        accepts_generator = "generator" in set(inspect.signature(self.scheduler.step).parameters.keys())
        if accepts_generator:
            extra_step_kwargs["generator"] = generator
        return extra_step_kwargs

    def forward(self, latents, t):
        extra = self.prepare_extra_step_kwargs(None, 0.5)
        return self.scheduler.step(self.unet(latents), t, latents, **extra)


def example():
    return DenoiseStep(), (torch.randn(2, 4), torch.tensor(10))
