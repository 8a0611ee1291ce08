"""The coalesce helper's twin: edges are only sorted (duplicates summed later by `index_add`), and the helper's
early exit tests `edge_index.numel() == 0`, a shape."""
import torch
from torch import nn


def sort_edge_index(edge_index, num_nodes):
    if edge_index.numel() == 0:
        return edge_index
    perm = (edge_index[0] * num_nodes + edge_index[1]).argsort()
    return edge_index[:, perm]


class SortedConv(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        edge_index = sort_edge_index(edge_index, x.size(0))
        return self.lin(x).index_add(0, edge_index[1], x.index_select(0, edge_index[0]))


def example():
    return SortedConv(), (torch.randn(4, 3), torch.tensor([[2, 0, 1], [3, 1, 2]]))
