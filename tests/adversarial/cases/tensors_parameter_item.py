"""`.item()` of an nn.Parameter declared in __init__."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.temperature = nn.Parameter(torch.ones(()))

    def forward(self, x):
        h = x * 2
        t = self.temperature.item()  # expect: CL111
        return h / t


def example():
    return Model(), (torch.randn(2, 3),)
