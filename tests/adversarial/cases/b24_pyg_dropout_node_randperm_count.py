"""A node-dropout helper infers the node count from the edge index (no count given) and draws a permutation of
that many nodes to keep."""
import torch
from torch import nn


def infer_num_nodes(edge_index, num_nodes=None):
    return edge_index.max() + 1 if num_nodes is None else num_nodes


def drop_nodes(edge_index, p=0.5, num_nodes=None):
    n = infer_num_nodes(edge_index, num_nodes)
    perm = torch.randperm(n)  # known-miss: CL124
    keep = torch.zeros(perm.numel(), dtype=torch.bool)
    keep[perm[: perm.numel() // 2]] = True
    row, col = edge_index
    return keep[row] & keep[col]


class NodeDropGCN(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        w = drop_nodes(edge_index).to(x.dtype)
        row, col = edge_index
        return torch.zeros_like(x).index_add_(0, col, self.lin(x)[row] * w.unsqueeze(-1))


def example():
    return NodeDropGCN(), (torch.randn(3, 3), torch.tensor([[0, 1, 2], [1, 2, 0]]))
