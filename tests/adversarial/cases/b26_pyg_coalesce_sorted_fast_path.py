"""A coalesce helper returns early when the edges are already sorted and unique (`if mask.all():`), else drops
the duplicates; a convolution calls it on every forward."""
import torch
from torch import nn


def coalesce(edge_index, num_nodes):
    idx = edge_index[0] * num_nodes + edge_index[1]
    idx, perm = idx.sort()
    mask = idx[1:] > idx[:-1]
    if mask.all():  # expect: CL101
        return edge_index[:, perm]
    return edge_index[:, perm][:, torch.cat([mask.new_ones(1), mask])]


class CoalescedConv(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        edge_index = coalesce(edge_index, x.size(0))
        return self.lin(x).index_add(0, edge_index[1], x.index_select(0, edge_index[0]))


def example():
    return CoalescedConv(), (torch.randn(4, 3), torch.tensor([[2, 0, 1], [3, 1, 2]]))
