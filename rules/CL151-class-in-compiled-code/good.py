import torch
from torch import nn


class Config:
    scale = 3.0


class Scaled(nn.Module):
    def forward(self, x):
        h = x + 1
        return h * Config.scale


def example():
    return Scaled(), (torch.randn(2, 8),)
