"""Walking an index tensor built in the graph: each element of `torch.arange(n)` is a 0-dim position and each
element of `torch.cartesian_prod(a, b)` a row of them; a tensor indexed by one of those positions needs it as a
Python int (GB0033, data-dependent operator), and inside the loop dynamo gives up on the frame. demucs' and
openunmix's `_covariance` walk channel pairs this way, handing the picked channels to a helper (held-out 23); the
arguments are evaluated before the helper is called, so the break is theirs. A whole row as an index is advanced
indexing and compiles."""

import torch
from torch import nn


class Walk(nn.Module):
    def forward(self, x):
        total = x[:, 0] * 0
        for i in torch.arange(2):
            total = total + x[:, i]  # expect: CL114
        return total


def product(a, b):
    return a * b


def covariance(y: torch.Tensor):
    out = torch.zeros(y.shape[0], 2, 2)
    pairs = torch.cartesian_prod(torch.arange(2), torch.arange(2))
    for pair in pairs:
        out[:, pair[0], pair[1]] = product(
            y[:, pair[0]], y[:, pair[1]]  # expect: CL114
        )
    return out


class Rows(nn.Module):
    def forward(self, x):
        total = x.sum() * 0
        for row in torch.cartesian_prod(torch.arange(2), torch.arange(2)):
            total = total + x[row].sum()
        return total


class Everything(nn.Module):
    def __init__(self):
        super().__init__()
        self.walk = Walk()
        self.rows = Rows()

    def forward(self, x):
        return self.walk(x).sum() + covariance(x).sum() + self.rows(x)


def example():
    return Everything(), (torch.randn(3, 4),)
