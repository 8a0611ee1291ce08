"""Edge sorting by row or column: `int(sort_by_row)` turns a Python bool into 0/1 to pick the key row,
the node count comes from maybe_num_nodes given `x.size(0)`, and the permutation is an argsort. The
containment test on an edge-attribute dict is on Python keys."""
import torch
from torch import nn


def maybe_num_nodes(edge_index, num_nodes=None):
    if num_nodes is not None:
        return num_nodes
    return int(edge_index.max()) + 1 if edge_index.numel() > 0 else 0


def sort_edge_index(edge_index, edge_attr=None, num_nodes=None, sort_by_row: bool = True):
    num_nodes = maybe_num_nodes(edge_index, num_nodes)
    idx = edge_index[1 - int(sort_by_row)] * num_nodes
    idx = idx + edge_index[int(sort_by_row)]
    perm = idx.argsort()
    edge_index = edge_index[:, perm]
    if edge_attr is None:
        return edge_index, None
    return edge_index, {key: value[perm] for key, value in edge_attr.items()}


class SortedConv(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index, edge_attr):
        edge_index, edge_attr = sort_edge_index(edge_index, edge_attr, num_nodes=x.size(0), sort_by_row=False)
        weight = edge_attr["weight"] if "weight" in edge_attr else x.new_ones(edge_index.size(1))
        msg = self.lin(x)[edge_index[0]] * weight.unsqueeze(-1)
        return torch.zeros_like(x).index_add_(0, edge_index[1], msg)


def example():
    edges = torch.tensor([[2, 0, 1], [0, 1, 2]])
    return SortedConv(), (torch.randn(3, 3), edges, {"weight": torch.rand(3)})
