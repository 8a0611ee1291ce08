"""A property and a staticmethod used by forward are compiled."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.log_scale = nn.Parameter(torch.zeros(()))

    @property
    def scale(self):
        return float(self.log_scale.exp())  # expect: CL111

    @staticmethod
    def normalize(x):
        return x / x.norm()

    def forward(self, x):
        return self.normalize(x) * self.scale


def example():
    return Model(), (torch.randn(2, 3),)
