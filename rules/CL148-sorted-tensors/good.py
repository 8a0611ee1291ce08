import torch
from torch import nn


class Rank(nn.Module):
    def forward(self, a, b, c):
        stacked = torch.stack([a, b, c])
        order = stacked.sum(dim=(1, 2)).argsort()
        by_rows = sorted([a, b[:1]], key=lambda t: t.shape[0])
        return stacked[order][0] - stacked[order][-1] + by_rows[-1]


def example():
    return Rank(), (torch.randn(2, 3), torch.randn(2, 3), torch.randn(2, 3))
