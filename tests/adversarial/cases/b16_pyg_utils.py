"""A graph library's utils file: `cumsum` (a zero-prefixed cumulative sum), `sort_edge_index` by a combined
key, and `coalesce`, which drops duplicate edges with a boolean mask read. The other b16 graph cases import it."""
import torch
from torch import nn


def cumsum(x, dim=0):
    out = x.new_zeros(x.size(0) + 1, *x.shape[1:])
    torch.cumsum(x, dim=dim, out=out[1:])
    return out


def sort_edge_index(edge_index, num_nodes):
    idx = edge_index[0] * num_nodes + edge_index[1]
    perm = idx.argsort()
    return edge_index[:, perm]


def coalesce(edge_index, num_nodes):
    edge_index = sort_edge_index(edge_index, num_nodes)
    idx = edge_index[0] * num_nodes + edge_index[1]
    mask = torch.cat([idx.new_ones(1, dtype=torch.bool), idx[1:] > idx[:-1]])
    return edge_index[:, mask]  # expect: CL122


class _Dedup(nn.Module):
    def forward(self, x, edge_index):
        ei = coalesce(edge_index, x.size(0))
        return x.index_select(0, ei[0]).sum(0) + cumsum(x)[-1]


def example():
    return _Dedup(), (torch.randn(3, 4), torch.tensor([[0, 0, 1], [1, 1, 2]]))
