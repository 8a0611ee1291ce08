"""A denoising loop calls a step-end callback (handed to the pipeline's constructor) with the step index and the
timestep; the callback interrupts the pipeline once the timestep falls below a cutoff, and the loop skips the
remaining steps through the pipeline's `interrupt` property."""
import torch
from torch import nn


def stop_below_cutoff(pipe, i, t, callback_kwargs):
    if t < pipe.cutoff:  # known-miss: CL101
        pipe._interrupt = True
    return callback_kwargs


class DenoisePipeline(nn.Module):
    def __init__(self, callback_on_step_end, dim=4, steps=4, cutoff=300):
        super().__init__()
        self.unet = nn.Linear(dim, dim)
        self.register_buffer("timesteps", torch.linspace(999, 0, steps).long())
        self.callback_on_step_end = callback_on_step_end
        self.cutoff = cutoff
        self._interrupt = False

    @property
    def interrupt(self):
        return self._interrupt

    def forward(self, latents):
        self._interrupt = False
        for i, t in enumerate(self.timesteps):
            if self.interrupt:
                continue
            latents = latents - 0.1 * self.unet(latents)
            outputs = self.callback_on_step_end(self, i, t, {"latents": latents})
            latents = outputs.pop("latents", latents)
        return latents


def example():
    return DenoisePipeline(stop_below_cutoff), (torch.randn(2, 4),)
