"""A variance-expanding noise schedule that wraps its Python-float rate in a tensor and takes math.log of it (a
fake-tensor constant: it compiles), beside conversions that break: math.log of a 0-d tensor full() builds and of the
constant once data is mixed in."""
import math

import torch
from torch import nn


class VarianceExpanding(nn.Module):
    def __init__(self, kappa: float = 3.0):
        super().__init__()
        self.kappa = kappa

    def sigma(self, t):
        kappa = torch.tensor(self.kappa)
        num = kappa ** (2 * t) - 1
        den = 2 * math.log(kappa)
        scale = math.sqrt(torch.as_tensor(2.0) * 3)
        return (num / den) ** 0.5 * scale

    def forward(self, x, t):
        sigma = self.sigma(t)[:, None]
        rate = torch.full((), self.kappa)
        x = x * math.log(rate)  # expect: CL113
        noisy = torch.tensor(self.kappa) + x.mean() * 0
        return x + sigma * math.log(noisy)  # expect: CL113


def example():
    return VarianceExpanding(), (torch.randn(4, 8), torch.rand(4))
