"""`retrieve_timesteps`: asks `inspect.signature(scheduler.set_timesteps)` whether custom timesteps are
accepted, then calls it; the scheduler is a plain object made in `__init__`."""
import inspect

import torch
from torch import nn

from b14_quiet_diff_utils import EulerScheduler


def retrieve_timesteps(scheduler, num_inference_steps=None, device=None, timesteps=None):
    if timesteps is not None:
        accepts_timesteps = "timesteps" in set(inspect.signature(scheduler.set_timesteps).parameters.keys())
        if not accepts_timesteps:
            raise ValueError(f"{scheduler.__class__} does not support custom timestep schedules.")
    scheduler.set_timesteps(num_inference_steps, device=device)
    return scheduler.timesteps, num_inference_steps


class Pipeline(nn.Module):
    def __init__(self):
        super().__init__()
        self.scheduler = EulerScheduler()
        self.unet = nn.Linear(4, 4)

    def forward(self, latents):
        timesteps, steps = retrieve_timesteps(self.scheduler, 4, latents.device)
        return self.unet(latents) * steps + timesteps.float().mean()


def example():
    return Pipeline(), (torch.randn(2, 4),)
