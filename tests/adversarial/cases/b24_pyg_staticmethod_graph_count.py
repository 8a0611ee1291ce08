"""A readout binds a module-level graph counter as a class-level `staticmethod` and calls it through self."""
import torch
from torch import nn


def count_graphs(batch):
    return int(batch[-1]) + 1  # expect: CL111


class SumReadout(nn.Module):
    count = staticmethod(count_graphs)

    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, batch):
        n = self.count(batch)
        return x.new_zeros(n, x.size(1)).index_add_(0, batch, self.lin(x))


def example():
    return SumReadout(), (torch.randn(4, 3), torch.tensor([0, 1, 1, 1]))
