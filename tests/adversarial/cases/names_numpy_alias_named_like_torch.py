"""numpy imported under a torch-like alias: under trace_numpy a numpy array is a tensor, so `float()` of it breaks."""
import numpy as tnp
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        weights = tnp.array([0.5, 1.5])
        return x * float(weights.sum())  # expect: CL111


def example():
    return Model(), (torch.randn(2, 3),)
