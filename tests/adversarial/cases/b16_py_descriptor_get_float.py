"""A reusable descriptor that exposes a buffer as a Python float: reading `self.temperature` runs __get__,
which converts the buffer with float()."""
import torch
from torch import nn


class BufferAsFloat:
    def __init__(self, buffer_name):
        self.buffer_name = buffer_name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return float(getattr(obj, self.buffer_name))  # known-miss: CL111


class Scaled(nn.Module):
    temperature = BufferAsFloat("_temperature")

    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.register_buffer("_temperature", torch.tensor(2.0))

    def forward(self, x):
        return self.lin(x) / self.temperature


def example():
    return Scaled(), (torch.randn(2, 4),)
