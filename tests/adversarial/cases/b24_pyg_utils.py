"""A graph library's utils file for batch 24: a graph count read off the batch vector (a Python int), an
`unbatch` by a Python list of sizes, and a gather-style message helper. The other b24 graph cases import it; its
example counts the graphs of a batch."""
import torch
from torch import nn


def num_graphs(batch):
    return int(batch.max()) + 1  # expect: CL111


def unbatch_sizes(src, sizes):
    return list(torch.split(src, sizes, dim=0))


def gather_messages(x, edge_index):
    row, col = edge_index
    return x.index_select(0, row), col


class _UtilsDemo(nn.Module):
    def forward(self, x, batch):
        n = num_graphs(batch)
        return x.new_zeros(n, x.size(1)).index_add_(0, batch, x)


def example():
    return _UtilsDemo(), (torch.randn(5, 3), torch.tensor([0, 0, 1, 1, 2]))
