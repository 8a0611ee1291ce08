import torch
from torch import nn


class Bucketed(nn.Module):
    def __init__(self):
        super().__init__()
        self.name = "block0"

    def forward(self, x):
        h = x * 2
        bucket = hash(tuple(h.shape)) % 4 + hash(self.name) % 3
        return h + bucket


def example():
    return Bucketed(), (torch.randn(2, 8),)
