"""Reading a property of an object the compiled code made (`ei = EdgeIndex(...)`, then `ei.is_sorted`) runs the
property: a break inside it is reported there (GB0124), as for `self.prop`; another class's same-named property, and
a plain attribute of the object, run nothing."""
import torch
from torch import nn


class EdgeIndex:
    def __init__(self, data, sort_order=None):
        self.data = data
        self.sort_order = sort_order

    @property
    def is_sorted(self):
        row = self.data[0]
        return bool((row[1:] >= row[:-1]).all())  # expect: CL111

    @property
    def num_edges(self):
        return self.data.shape[1]


class Unused:
    @property
    def is_sorted(self):
        return bool(torch.rand(()) > 0.5)


class SortedSum(nn.Module):
    def forward(self, x, edge_index):
        ei = EdgeIndex(edge_index)
        if not ei.is_sorted:
            edge_index = edge_index[:, edge_index[0].argsort()]
        scale = ei.num_edges if ei.sort_order is None else 1
        row, col = edge_index
        return torch.zeros_like(x).index_add_(0, row, x[col]) * scale


def example():
    return SortedSum(), (torch.randn(3, 2), torch.tensor([[2, 0, 1], [0, 1, 2]]))
