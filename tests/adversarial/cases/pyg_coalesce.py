"""coalesce: edges sorted by a linear index, an early return when already sorted, duplicates dropped."""
import torch
from torch import nn


def coalesce(edge_index, num_nodes, sort_by_row=True):
    nnz = edge_index.size(1)
    idx = edge_index.new_empty(nnz + 1)
    idx[0] = -1
    idx[1:] = edge_index[1 - int(sort_by_row)]
    idx[1:].mul_(num_nodes).add_(edge_index[int(sort_by_row)])
    idx[1:], perm = idx[1:].sort()
    edge_index = edge_index[:, perm]
    mask = idx[1:] > idx[:-1]
    if mask.all():  # expect: CL101
        return edge_index
    return edge_index[:, mask]  # expect: CL122


class Coalesce(nn.Module):
    def forward(self, x, edge_index):
        edge_index = coalesce(edge_index, x.size(0))
        return x.new_zeros(x.shape).index_add_(0, edge_index[1], x[edge_index[0]])


def example():
    return Coalesce(), (torch.randn(4, 2), torch.tensor([[2, 0, 1, 0], [3, 1, 2, 1]]))
