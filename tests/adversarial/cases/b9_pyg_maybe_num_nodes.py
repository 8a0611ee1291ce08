"""maybe_num_nodes: when no node count is given it is read from the edge list's maximum."""
import torch
from torch import nn


def maybe_num_nodes(edge_index, num_nodes=None):
    if num_nodes is not None:
        return num_nodes
    return int(edge_index.max()) + 1 if edge_index.numel() > 0 else 0  # expect: CL111


def degree(index, num_nodes=None, dtype=None):
    n = maybe_num_nodes(index.unsqueeze(0), num_nodes)
    out = torch.zeros((n,), dtype=dtype)
    return out.scatter_add_(0, index, torch.ones(index.size(0), dtype=dtype))


class DegreeEncoder(nn.Module):
    def forward(self, x, edge_index):
        deg = degree(edge_index[1], dtype=x.dtype)
        return x * deg[:, None]


def example():
    return DegreeEncoder(), (torch.randn(4, 2), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
