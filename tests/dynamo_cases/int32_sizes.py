"""Sizes taken from an int32 tensor break at every use, a graph break between them or not: dynamo specializes a 0-d
int64 tensor that reaches its resume function, never an int32 one (chemprop's AttentiveAggregation:
`dim_size = batch.max().int() + 1`, then two `torch.zeros(dim_size, ...)`, held-out 9)."""

import torch
from torch import nn


class Aggregate(nn.Module):
    def forward(self, h, batch):
        dim_size = batch.max().int() + 1
        z = torch.zeros(dim_size, 1).index_add(0, batch, h[:, :1])  # expect: CL124
        alphas = h / (z[batch] + 1)
        return torch.zeros(dim_size, h.shape[1]).index_add(0, batch, alphas)  # expect: CL124


class Counts(nn.Module):
    def forward(self, h, batch):
        n = batch.max() + 1
        z = torch.zeros(n, 1).index_add(0, batch, h[:, :1])  # expect: CL124
        return torch.zeros(n, h.shape[1]).index_add(0, batch, h / (z[batch] + 1))  # int64: specialized, compiles


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.aggregate = Aggregate()
        self.counts = Counts()

    def forward(self, h, batch):
        return self.aggregate(h, batch).sum() + self.counts(h, batch).sum()


def example():
    return Both(), (torch.randn(5, 3), torch.tensor([0, 1, 1, 2, 0]))
