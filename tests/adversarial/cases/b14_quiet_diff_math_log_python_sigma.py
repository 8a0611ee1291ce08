"""EDM-style preconditioning with the sigmas kept as a Python list (converted once in `__init__`): `math.log`
of a Python float at a Python step index."""
import math

import torch
from torch import nn

from b14_quiet_diff_utils import EulerScheduler


class EDMPrecond(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.net = nn.Conv2d(channels, channels, 3, padding=1)
        self.scheduler = EulerScheduler()
        self.sigma_data = 0.5

    def forward(self, sample, step_index: int = 3):
        sigma = self.scheduler.sigmas_list[step_index]
        c_in = 1 / math.sqrt(sigma ** 2 + self.sigma_data ** 2)
        c_noise = math.log(sigma) / 4
        return self.net(sample * c_in) + c_noise


def example():
    return EDMPrecond(), (torch.randn(1, 4, 4, 4), 3)
