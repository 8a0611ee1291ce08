"""A graph layer that hands the node count (`x.size(0)`) to its scatter helper: the helper's fallback that reads
the largest index as a Python int is never taken."""
import torch
from torch import nn


def scatter_add(src, index, dim_size=None):
    if dim_size is None:
        dim_size = int(index.max()) + 1
    out = src.new_zeros((dim_size,) + tuple(src.shape[1:]))
    return out.index_add_(0, index, src)


class SumConv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        num_nodes = x.size(0)
        msg = self.lin(x).index_select(0, edge_index[0])
        return scatter_add(msg, edge_index[1], dim_size=num_nodes)


def example():
    return SumConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]))
