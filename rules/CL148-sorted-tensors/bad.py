import torch
from torch import nn


class Rank(nn.Module):
    def forward(self, a, b, c):
        ordered = sorted([a, b, c], key=lambda t: t.sum())  # expect: CL148
        return ordered[0] - ordered[-1]


class TokenOrder(nn.Module):
    """Token positions ranked by a score tensor looked up per position: every key a 0-d tensor."""

    def forward(self, x, scores):
        by_method = sorted(range(x.shape[0]), key=scores.__getitem__, reverse=True)  # expect: CL148
        by_lambda = sorted(range(x.shape[0]), key=lambda i: scores[i])  # expect: CL148
        return x[by_method] - x[by_lambda]


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.rank = Rank()
        self.order = TokenOrder()

    def forward(self, a, b, c):
        return self.rank(a, b, c).sum() + self.order(a, a[:, 0])


def example():
    return Both(), (torch.randn(2, 3), torch.randn(2, 3), torch.randn(2, 3))
