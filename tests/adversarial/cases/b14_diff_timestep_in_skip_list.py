"""Guidance skipped at some timesteps: `if timestep in self.skip_timesteps`, a Python list of ints, with the
timestep a 0-d tensor: `in` compares the tensor with each entry and asks for the truth value."""
import torch
from torch import nn


class GuidedUNet(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.skip_timesteps = [999, 998, 0]
        self.guidance_scale = 5.0

    def forward(self, sample, timestep):
        uncond, cond = self.conv(torch.cat([sample, sample])).chunk(2)
        if timestep in self.skip_timesteps:  # known-miss: CL101
            return cond
        return uncond + self.guidance_scale * (cond - uncond)


def example():
    return GuidedUNet(), (torch.randn(1, 4, 4, 4), torch.tensor(500))
