import torch
from torch import nn


class Scaled(nn.Module):
    def forward(self, x):
        h = x + 1

        class Config:  # expect: CL151
            scale = 3.0

        return h * Config.scale


def example():
    return Scaled(), (torch.randn(2, 8),)
