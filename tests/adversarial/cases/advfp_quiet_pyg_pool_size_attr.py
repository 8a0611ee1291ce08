"""A readout that keeps its number of graphs as a literal attribute and hands it to the pooling helper: the
helper's fallback (`int(batch.max()) + 1`) is never taken."""
import torch
from torch import nn


def global_add_pool(x, batch, size=None):
    if size is None:
        size = int(batch.max()) + 1
    return x.new_zeros(size, x.size(-1)).index_add_(0, batch, x)


class SumReadout(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.num_graphs = 2

    def forward(self, x, batch):
        return global_add_pool(self.lin(x), batch, size=self.num_graphs)


def example():
    return SumReadout(), (torch.randn(5, 3), torch.tensor([0, 0, 1, 1, 1]))
