"""Karras sigmas built inside set_timesteps from numpy and the schedule's ends."""
import numpy as np
import torch
from torch import nn


class Scheduler(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("base_sigmas", torch.linspace(14.6, 0.03, 50))

    def _convert_to_karras(self, in_sigmas, num_inference_steps):
        sigma_min = in_sigmas[-1].item()  # expect: CL111
        sigma_max = in_sigmas[0].item()  # expect: CL111
        rho = 7.0
        ramp = np.linspace(0, 1, num_inference_steps)
        min_inv_rho = sigma_min ** (1 / rho)
        max_inv_rho = sigma_max ** (1 / rho)
        return (max_inv_rho + ramp * (min_inv_rho - max_inv_rho)) ** rho

    def forward(self, sample, num_inference_steps=5):
        sigmas = self._convert_to_karras(self.base_sigmas, num_inference_steps)
        sigmas = np.concatenate([sigmas, [0.0]]).astype(np.float32)
        sigmas = torch.from_numpy(sigmas)
        return sample * sigmas[0], sigmas


def example():
    return Scheduler(), (torch.randn(1, 2, 4, 4),)
