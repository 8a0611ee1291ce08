"""An EdgeIndex-like wrapper answers `is_sorted_by_row` from its data (a property), and the sparse aggregation
sorts the edges only when they are not sorted yet."""
import torch
from torch import nn


class EdgeIndex:
    def __init__(self, data, num_nodes):
        self.data = data
        self.num_nodes = num_nodes

    @property
    def is_sorted_by_row(self):
        row = self.data[0]
        return bool((row[1:] >= row[:-1]).all())  # expect: CL111

    def sort_by_row(self):
        perm = self.data[0].argsort(stable=True)
        return EdgeIndex(self.data[:, perm], self.num_nodes), perm


class SortedSum(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index, num_nodes: int):
        ei = EdgeIndex(edge_index, num_nodes)
        if not ei.is_sorted_by_row:
            ei, _ = ei.sort_by_row()
        row, col = ei.data
        return torch.zeros(num_nodes, x.size(1)).index_add_(0, row, self.lin(x)[col])


def example():
    return SortedSum(), (torch.randn(3, 4), torch.tensor([[2, 0, 1], [0, 1, 2]]), 3)
