"""An EDM-style scheduler preconditions the model input: c_noise is a quarter of the log of the current sigma,
read from the sigma table at the step index."""
import math

import torch
from torch import nn


class EDMPrecondition(nn.Module):
    def __init__(self, num_steps=10, sigma_data=0.5):
        super().__init__()
        self.register_buffer("sigmas", torch.linspace(80.0, 0.002, num_steps))
        self.sigma_data = sigma_data
        self.proj = nn.Linear(4, 4)

    def precondition_noise(self, sigma):
        return 0.25 * math.log(sigma)  # known-miss: CL113

    def forward(self, sample, step_index: int):
        sigma = self.sigmas[step_index]
        c_in = 1 / (sigma ** 2 + self.sigma_data ** 2).sqrt()
        c_noise = self.precondition_noise(sigma)
        return self.proj(sample * c_in) + c_noise


def example():
    return EDMPrecondition(), (torch.randn(2, 4), 2)
