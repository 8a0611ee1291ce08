"""A denoising loop calls a step-end callback (handed to the pipeline's constructor) with the step index; the
callback interrupts the pipeline after a given number of steps, a Python comparison of the `enumerate` index."""
import torch
from torch import nn


def stop_after_steps(pipe, i, t, callback_kwargs):
    if i >= pipe.max_steps:
        pipe._interrupt = True
    return callback_kwargs


class DenoisePipeline(nn.Module):
    def __init__(self, callback_on_step_end, dim=4, steps=4, max_steps=2):
        super().__init__()
        self.unet = nn.Linear(dim, dim)
        self.register_buffer("timesteps", torch.linspace(999, 0, steps).long())
        self.callback_on_step_end = callback_on_step_end
        self.max_steps = max_steps
        self._interrupt = False

    @property
    def interrupt(self):
        return self._interrupt

    def forward(self, latents):
        self._interrupt = False
        for i, t in enumerate(self.timesteps):
            if self.interrupt:
                continue
            latents = latents - 0.1 * self.unet(latents) * (t / 1000)
            outputs = self.callback_on_step_end(self, i, t, {"latents": latents})
            latents = outputs.pop("latents", latents)
        return latents


def example():
    return DenoisePipeline(stop_after_steps), (torch.randn(2, 4),)
