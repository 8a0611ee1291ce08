"""`remove_self_loops` then a GCN-style layer: self loops are removed with a boolean mask over the edge
columns (`edge_index[:, mask]`), which gives the edge list a data-dependent length."""
import torch
from torch import nn


def remove_self_loops(edge_index, edge_attr=None):
    mask = edge_index[0] != edge_index[1]
    edge_index = edge_index[:, mask]  # expect: CL122
    if edge_attr is not None:
        edge_attr = edge_attr[mask]
    return edge_index, edge_attr


class GraphConv(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        edge_index, _ = remove_self_loops(edge_index)
        out = torch.zeros_like(x).index_add_(0, edge_index[1], x[edge_index[0]])
        return self.lin(out + x)


def example():
    return GraphConv(), (torch.randn(3, 3), torch.tensor([[0, 1, 1, 2], [1, 1, 2, 0]]))
