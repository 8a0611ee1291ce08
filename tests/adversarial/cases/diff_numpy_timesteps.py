"""set_timesteps with numpy: spacing, interpolated sigmas and the conversion back to tensors."""
import numpy as np
import torch
from torch import nn


class Scheduler(nn.Module):
    def __init__(self, num_train_timesteps=100):
        super().__init__()
        self.num_train_timesteps = num_train_timesteps
        betas = torch.linspace(1e-4, 0.02, num_train_timesteps)
        self.register_buffer("alphas_cumprod", torch.cumprod(1.0 - betas, dim=0))

    def forward(self, sample, num_inference_steps=4, timestep_spacing="leading"):
        if timestep_spacing == "linspace":  # expect: CL205
            timesteps = np.linspace(0, self.num_train_timesteps - 1, num_inference_steps, dtype=np.float32)[::-1].copy()
        elif timestep_spacing == "leading":
            step_ratio = self.num_train_timesteps // num_inference_steps
            timesteps = (np.arange(0, num_inference_steps) * step_ratio).round()[::-1].copy().astype(np.float32)
        else:
            raise ValueError(f"{timestep_spacing} is not supported.")
        sigmas = np.array(((1 - self.alphas_cumprod) / self.alphas_cumprod) ** 0.5)
        sigmas = np.interp(timesteps, np.arange(0, len(sigmas)), sigmas)  # expect: CL166
        timesteps = torch.from_numpy(timesteps)
        return sample * float(sigmas[0]), timesteps  # expect: CL111


def example():
    return Scheduler(), (torch.randn(1, 2, 4, 4),)
