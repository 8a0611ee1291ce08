"""A stochastic-depth layer with a 0-d on/off buffer applies the drop through `torch.where` on the buffer (no
Python test of it)."""
import torch
from torch import nn


class SwitchableDropPath(nn.Module):
    def __init__(self, drop_prob=0.2):
        super().__init__()
        self.drop_prob = drop_prob
        self.register_buffer("enabled", torch.tensor(1))

    def forward(self, x):
        if not self.training:
            return x
        keep = 1.0 - self.drop_prob
        mask = x.new_empty(x.shape[0], 1).bernoulli_(keep) / keep
        return torch.where(self.enabled != 0, x * mask, x)


def example():
    return SwitchableDropPath(), (torch.randn(3, 4),)
