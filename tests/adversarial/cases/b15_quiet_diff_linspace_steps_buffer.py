"""A few-step distilled model sets its timesteps inside forward, with the step count a 0-d buffer saved in
the checkpoint: `torch.linspace(..., steps=self.num_inference_steps)` takes the tensor without a break
(measured on 2.13)."""
import torch
from torch import nn


class DistilledSampler(nn.Module):
    def __init__(self, num_train_timesteps=1000):
        super().__init__()
        self.num_train_timesteps = num_train_timesteps
        self.register_buffer("num_inference_steps", torch.tensor(4))
        self.unet = nn.Linear(8, 8)

    def set_timesteps(self):
        return torch.linspace(self.num_train_timesteps - 1, 0, steps=self.num_inference_steps)

    def forward(self, latents):
        timesteps = self.set_timesteps()
        return self.unet(latents) * timesteps.mean() / self.num_train_timesteps


def example():
    return DistilledSampler(), (torch.randn(2, 8),)
