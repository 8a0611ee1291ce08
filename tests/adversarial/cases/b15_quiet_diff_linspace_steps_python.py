"""Timesteps set inside forward from a Python step count, with `np.linspace` round-tripped through
`torch.from_numpy`."""
import numpy as np
import torch
from torch import nn


class DistilledSampler(nn.Module):
    def __init__(self, num_train_timesteps=1000, num_inference_steps=4):
        super().__init__()
        self.num_train_timesteps = num_train_timesteps
        self.num_inference_steps = num_inference_steps
        self.unet = nn.Linear(8, 8)

    def set_timesteps(self):
        steps = np.linspace(0, self.num_train_timesteps - 1, self.num_inference_steps)[::-1].copy()
        return torch.from_numpy(steps.round().astype(np.int64))

    def forward(self, latents):
        timesteps = self.set_timesteps()
        return self.unet(latents) * timesteps.float().mean() / self.num_train_timesteps


def example():
    return DistilledSampler(), (torch.randn(2, 8),)
