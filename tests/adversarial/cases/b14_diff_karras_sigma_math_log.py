"""EDM-style preconditioning: the noise level is read from the sigmas buffer at a Python step index and
passed to `math.log`, which needs a Python float."""
import math

import torch
from torch import nn


class EDMPrecond(nn.Module):
    def __init__(self, channels=4, steps=10):
        super().__init__()
        self.net = nn.Conv2d(channels, channels, 3, padding=1)
        self.register_buffer("sigmas", torch.linspace(80.0, 0.002, steps))
        self.sigma_data = 0.5

    def forward(self, sample, step_index: int = 3):
        sigma = self.sigmas[step_index]
        c_in = 1 / (sigma ** 2 + self.sigma_data ** 2) ** 0.5
        c_noise = math.log(sigma) / 4  # expect: CL113
        return self.net(sample * c_in) + c_noise


def example():
    return EDMPrecond(), (torch.randn(1, 4, 4, 4), 3)
