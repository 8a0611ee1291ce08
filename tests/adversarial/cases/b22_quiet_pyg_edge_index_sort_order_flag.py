"""The EdgeIndex-like wrapper with the sort order as metadata given at construction (as the real class keeps it):
the property answers from a Python attribute, never from the data."""
from typing import Optional

import torch
from torch import nn


class EdgeIndex:
    def __init__(self, data, num_nodes, sort_order: Optional[str] = None):
        self.data = data
        self.num_nodes = num_nodes
        self._sort_order = sort_order

    @property
    def is_sorted_by_row(self):
        return self._sort_order == "row"

    def sort_by_row(self):
        if self.is_sorted_by_row:
            return self, None
        perm = self.data[0].argsort(stable=True)
        return EdgeIndex(self.data[:, perm], self.num_nodes, sort_order="row"), perm


class SortedSum(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index, num_nodes: int):
        ei = EdgeIndex(edge_index, num_nodes)
        if not ei.is_sorted_by_row:
            ei, _ = ei.sort_by_row()
        ei, _ = ei.sort_by_row()
        row, col = ei.data
        return torch.zeros(num_nodes, x.size(1)).index_add_(0, row, self.lin(x)[col])


def example():
    return SortedSum(), (torch.randn(3, 4), torch.tensor([[2, 0, 1], [0, 1, 2]]), 3)
