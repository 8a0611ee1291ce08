"""Spline tails written through a boolean mask with other target spellings: a parenthesised tuple, a list target and
a chained assignment. Each is an index_put, never a data-dependent read."""
import torch
from torch import nn


def tails(x):
    return x * 2, x.abs()


class Spline(nn.Module):
    def forward(self, x, bound=1.0):
        inside = (x >= -bound) & (x <= bound)
        out = torch.zeros_like(x)
        logdet = torch.zeros_like(x)
        a, b = tails(x)
        (out[inside], logdet[inside]) = (a[0] * 0 + 1, b[0] * 0)
        [out[~inside], logdet[~inside]] = [3.0, 0.0]
        out[x > 5] = logdet[x > 5] = 0.0
        return out, logdet


def example():
    return Spline(), (torch.randn(8),)
