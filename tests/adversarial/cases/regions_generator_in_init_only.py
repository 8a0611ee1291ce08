"""A torch.Generator built in __init__ and used by a factory in forward: the use breaks (GB0055)."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.gen = torch.Generator().manual_seed(0)

    def forward(self, x):
        noise = torch.randn(x.shape, generator=self.gen)  # expect: CL134
        return x + noise


def example():
    return Model(), (torch.randn(2, 3),)
