"""Scheduler-like names that are Python numbers from the config: `timesteps` an int count, `sigma_max` a
float; `math.log` and branches on them are trace-time constants."""
import math

import torch
from torch import nn

from b13_quiet_diff_modeling import ModelMixin, register_to_config


class SigmaEmbedding(ModelMixin):
    @register_to_config
    def __init__(self, dim=8, num_train_timesteps=1000, sigma_max=80.0, sigma_min=0.002):
        super().__init__()
        self.timesteps = num_train_timesteps
        self.sigma_max = sigma_max
        self.log_ratio = math.log(sigma_max / sigma_min)
        self.linear = nn.Linear(dim, dim)

    def forward(self, x, sigma):
        if self.timesteps > 500 and self.config.sigma_max > 1.0:
            sigma = sigma / self.sigma_max
        c_noise = torch.log(sigma) / self.log_ratio + math.log(self.sigma_max) * 0.0
        return self.linear(x) * c_noise[:, None]


def example():
    return SigmaEmbedding(), (torch.randn(2, 8), torch.tensor([1.0, 10.0]))
