"""`.item()` under a `self.training` ternary: the module is in training mode, so it runs and breaks."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        h = x * 2
        peak = h.max().item() if self.training else 1.0  # expect: CL111
        return h / peak


def example():
    return Model(), (torch.randn(2, 3),)
