import torch
from torch import nn


class Masked(nn.Module):
    def forward(self, x, y):
        m = x > 0
        positive_mean = (x * m).sum() / m.sum()
        out = torch.where(y.isnan() | (x < -1), y, x)
        out[out > 3] = 3.0
        best = x[torch.arange(x.shape[0]), x.argmax(1)]
        return positive_mean + out.masked_fill(m, 0.0) + best[:, None]


def example():
    return Masked(), (torch.randn(4, 8), torch.randn(4, 8))
