"""A stochastic-depth layer whose on/off switch is a 0-d buffer (saved with the checkpoint), tested with
`torch.is_nonzero`."""
import torch
from torch import nn


class SwitchableDropPath(nn.Module):
    def __init__(self, drop_prob=0.2):
        super().__init__()
        self.drop_prob = drop_prob
        self.register_buffer("enabled", torch.tensor(1))

    def forward(self, x):
        if torch.is_nonzero(self.enabled) and self.training:  # expect: CL159
            keep = 1.0 - self.drop_prob
            mask = x.new_empty(x.shape[0], 1).bernoulli_(keep)
            x = x * mask / keep
        return x


def example():
    return SwitchableDropPath(), (torch.randn(3, 4),)
