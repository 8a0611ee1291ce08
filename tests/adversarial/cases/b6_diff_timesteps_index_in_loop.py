"""A compiled denoising loop over the scheduler's `self.timesteps` (a tensor): each `t` is a 0-dim tensor,
and the scheduler's previous-timestep lookup indexes a Python list of alphas with it."""
import torch
from torch import nn


class DDIMLikeScheduler:
    def __init__(self, num_train_timesteps=8, steps=4):
        betas = torch.linspace(0.1, 0.2, num_train_timesteps)
        self.alphas_cumprod = torch.cumprod(1.0 - betas, dim=0).tolist()
        self.step_ratio = num_train_timesteps // steps
        self.timesteps = torch.arange(0, num_train_timesteps, self.step_ratio).flip(0)

    def step(self, model_output, timestep, sample):
        prev_timestep = timestep - self.step_ratio
        alpha_prod_t = self.alphas_cumprod[timestep]  # known-miss: CL114
        alpha_prev = self.alphas_cumprod[prev_timestep] if prev_timestep >= 0 else 1.0  # known-miss: CL101
        pred_original = (sample - (1 - alpha_prod_t) ** 0.5 * model_output) / alpha_prod_t ** 0.5
        return alpha_prev ** 0.5 * pred_original + (1 - alpha_prev) ** 0.5 * model_output


class Pipeline(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Conv2d(2, 2, 1)
        self.scheduler = DDIMLikeScheduler()

    def forward(self, latents):
        for t in self.scheduler.timesteps:
            latents = self.scheduler.step(self.unet(latents), t, latents)
        return latents


def example():
    return Pipeline(), (torch.randn(1, 2, 2, 2),)
