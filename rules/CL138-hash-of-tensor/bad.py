import torch
from torch import nn


class Bucketed(nn.Module):
    def forward(self, x):
        h = x * 2
        bucket = hash(h) % 4  # expect: CL138
        return h + bucket


def example():
    return Bucketed(), (torch.randn(2, 8),)
