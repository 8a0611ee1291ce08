"""A diffusion library's utils file: `get_logger` (the library's logging wrapper), a scheduler that is a plain
object with Python lists, `randn_like_shape` and a config holder. The other b14 diffusion cases import it."""
import logging

import torch
from torch import nn


def get_logger(name):
    return logging.getLogger(name)


class SchedulerConfig:
    num_train_timesteps = 10
    attention_mode = "plain"
    skip_blocks = (1,)
    upsample_factor = 2


class EulerScheduler:
    def __init__(self, num_train_timesteps=10):
        self.num_train_timesteps = num_train_timesteps
        self.sigmas_list = [float(s) for s in torch.linspace(1.0, 0.1, num_train_timesteps)]
        self.timesteps = torch.arange(num_train_timesteps - 1, -1, -1)

    def set_timesteps(self, num_inference_steps, device=None):
        self.timesteps = torch.linspace(self.num_train_timesteps - 1, 0, num_inference_steps).long()

    def scale_model_input(self, sample, step_index):
        return sample / ((self.sigmas_list[step_index] ** 2 + 1) ** 0.5)


def randn_like_shape(shape, dtype=None, device=None):
    return torch.randn(shape, dtype=dtype, device=device)


class _Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.scheduler = EulerScheduler()
        self.proj = nn.Linear(4, 4)

    def forward(self, sample):
        sample = self.scheduler.scale_model_input(sample, 2)
        return self.proj(sample + 0.1 * randn_like_shape(sample.shape, dtype=sample.dtype))


def example():
    return _Denoiser(), (torch.randn(2, 4),)
