"""`retrieve_timesteps`: asks `inspect.signature(scheduler.set_timesteps)` whether custom timesteps or sigmas
are accepted, raises a ValueError (built with an f-string of the class name) when not, and otherwise calls
it. All of this reads Python objects; the schedule is then used by a tensor loop."""
import inspect

import torch
from torch import nn


class SimpleScheduler:
    def __init__(self):
        self.timesteps = None

    def set_timesteps(self, num_inference_steps=None, device=None, timesteps=None):
        if timesteps is not None:
            self.timesteps = torch.tensor(timesteps, device=device)
        else:
            self.timesteps = torch.linspace(999, 0, num_inference_steps, device=device).round()


def retrieve_timesteps(scheduler, num_inference_steps=None, device=None, timesteps=None, sigmas=None):
    if timesteps is not None and sigmas is not None:
        raise ValueError("Only one of `timesteps` or `sigmas` can be passed.")
    if timesteps is not None:
        accepts_timesteps = "timesteps" in set(inspect.signature(scheduler.set_timesteps).parameters.keys())
        if not accepts_timesteps:
            raise ValueError(f"The current scheduler class {scheduler.__class__}'s `set_timesteps` does not support "
                             f"custom timestep schedules.")
        scheduler.set_timesteps(timesteps=timesteps, device=device)
        num_inference_steps = len(timesteps)
    else:
        scheduler.set_timesteps(num_inference_steps, device=device)
    return scheduler.timesteps, num_inference_steps


class ShortPipeline(nn.Module):
    def __init__(self):
        super().__init__()
        self.scheduler = SimpleScheduler()
        self.unet = nn.Linear(4, 4)

    def forward(self, latents):
        timesteps, steps = retrieve_timesteps(self.scheduler, timesteps=[900, 500, 100], device=latents.device)
        for t in timesteps:
            latents = latents - self.unet(latents) * (t / 1000.0) / steps
        return latents


def example():
    return ShortPipeline(), (torch.randn(2, 4),)
