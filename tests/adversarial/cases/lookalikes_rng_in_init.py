"""Seeding, Python random and a torch.Generator in __init__ only; forward uses torch RNG ops."""
import random

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.rate = random.random() * 0.1
        self.gen = torch.Generator().manual_seed(1)
        self.noise = torch.randn(3, generator=self.gen)

    def forward(self, x):
        keep = torch.rand_like(x) > self.rate
        return x * keep + self.noise


def example():
    return Model(), (torch.randn(2, 3),)
