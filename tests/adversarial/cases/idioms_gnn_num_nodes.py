"""torch_geometric-style helpers: `maybe_num_nodes` with `int(index.max()) + 1`, degree through
bincount, and a scatter helper sized by a tensor."""
import torch
from torch import nn


def maybe_num_nodes(edge_index, num_nodes=None):
    if num_nodes is not None:
        return num_nodes
    return int(edge_index.max()) + 1 if edge_index.numel() > 0 else 0  # expect: CL111


def degree(index, num_nodes=None):
    n = maybe_num_nodes(index, num_nodes)
    out = torch.zeros((n,), dtype=torch.float)
    return out.scatter_add_(0, index, torch.ones(index.size(0)))


def degree_bincount(index, num_nodes):
    return torch.bincount(index, minlength=num_nodes)  # expect: CL121


class GCN(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x, edge_index):
        row, col = edge_index
        deg = degree(col, x.size(0))
        norm = deg.clamp(min=1).pow(-0.5)
        msg = self.lin(x)[row] * (norm[row] * norm[col]).unsqueeze(-1)
        out = torch.zeros_like(x).index_add_(0, col, msg)
        counts = degree_bincount(col, x.size(0))
        n = maybe_num_nodes(edge_index)
        return out, counts, n


def example():
    edge_index = torch.tensor([[0, 1, 2, 3, 1], [1, 2, 3, 0, 0]])
    return GCN(), (torch.randn(4, 4), edge_index)
