import torch
from torch import nn


class Rank(nn.Module):
    def __init__(self):
        super().__init__()
        self.prior = [0.3, 0.1]  # a Python list: its lookups are Python floats

    def forward(self, a, b, c):
        stacked = torch.stack([a, b, c])
        order = stacked.sum(dim=(1, 2)).argsort()
        by_rows = sorted([a, b[:1]], key=lambda t: t.shape[0])
        by_prior = sorted(range(2), key=self.prior.__getitem__)
        by_lambda = sorted(range(2), key=lambda i: self.prior[i])
        return stacked[order][0] - stacked[order][-1] + by_rows[-1] + a[by_prior] + b[by_lambda]


def example():
    return Rank(), (torch.randn(2, 3), torch.randn(2, 3), torch.randn(2, 3))
