"""The sort-pooling readout's twin: `k = min(self.k, x.size(0))` of Python ints, and a builtin `max` of two
tensors (compiled as a tensor op)."""
import torch
from torch import nn


class SortPool(nn.Module):
    def __init__(self, k=3):
        super().__init__()
        self.k = k

    def forward(self, x, batch):
        k = min(self.k, x.size(0))
        order = x[:, -1].argsort(descending=True)
        top = max(x[order][:k].sum(), batch.sum().to(x.dtype))
        return x[order][:k] * top


def example():
    return SortPool(), (torch.randn(5, 3), torch.tensor([0, 0, 1, 1, 1]))
