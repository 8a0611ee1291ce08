"""An EDM-style preconditioner with `torch.log` of the sigma tensor; `math.log` only of the Python sigma_data."""
import math

import torch
from torch import nn


class EDMPrecondition(nn.Module):
    def __init__(self, num_steps=10, sigma_data=0.5):
        super().__init__()
        self.register_buffer("sigmas", torch.linspace(80.0, 0.002, num_steps))
        self.sigma_data = sigma_data
        self.log_sigma_data = math.log(sigma_data)
        self.proj = nn.Linear(4, 4)

    def precondition_noise(self, sigma):
        return 0.25 * torch.log(sigma) - 0.25 * self.log_sigma_data

    def forward(self, sample, step_index: int):
        sigma = self.sigmas[step_index]
        c_in = 1 / (sigma ** 2 + self.sigma_data ** 2).sqrt()
        return self.proj(sample * c_in) + self.precondition_noise(sigma)


def example():
    return EDMPrecondition(), (torch.randn(2, 4), 2)
