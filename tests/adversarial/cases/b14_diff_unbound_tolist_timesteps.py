"""The scheduler's timesteps are listed through the unbound method `torch.Tensor.tolist(...)`, an integer
tensor read into Python."""
import torch
from torch import nn


class StepCounter(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 1)
        self.register_buffer("timesteps", torch.arange(9, -1, -3))

    def forward(self, sample):
        schedule = torch.Tensor.tolist(self.timesteps)  # expect: CL112
        return self.conv(sample) * len(schedule)


def example():
    return StepCounter(), (torch.randn(1, 4, 4, 4),)
