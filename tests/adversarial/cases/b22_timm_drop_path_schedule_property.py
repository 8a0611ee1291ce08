"""A drop-path layer whose rate follows a schedule: the rates are a Python list made at construction and the
current epoch is kept in a buffer (so it is checkpointed); a property reads the current rate."""
import torch
from torch import nn


class ScheduledDropPath(nn.Module):
    def __init__(self, max_rate=0.2, epochs=4):
        super().__init__()
        self.rates = [max_rate * i / (epochs - 1) for i in range(epochs)]
        self.register_buffer("epoch", torch.tensor(1))

    @property
    def drop_prob(self):
        return self.rates[self.epoch]  # expect: CL114

    def forward(self, x):
        keep = 1.0 - self.drop_prob
        mask = x.new_empty(x.shape[0], 1).bernoulli_(keep)
        return x * mask / keep


def example():
    return ScheduledDropPath(), (torch.randn(3, 4),)
