"""gcn_norm: degrees by scatter_add_, D^-1/2 with infinities zeroed by a boolean-mask write, edge weights
defaulting to ones; num_nodes from x.size(0)."""
import torch
from torch import nn


def gcn_norm(edge_index, edge_weight=None, num_nodes=None, add_self_loops=True):
    if add_self_loops:
        loop = torch.arange(num_nodes, device=edge_index.device)
        edge_index = torch.cat([edge_index, torch.stack([loop, loop])], dim=1)
    if edge_weight is None:
        edge_weight = torch.ones(edge_index.size(1), device=edge_index.device)
    row, col = edge_index[0], edge_index[1]
    deg = torch.zeros(num_nodes, dtype=edge_weight.dtype).scatter_add_(0, col, edge_weight)
    deg_inv_sqrt = deg.pow(-0.5)
    deg_inv_sqrt[deg_inv_sqrt == float("inf")] = 0
    deg_inv_sqrt.masked_fill_(deg_inv_sqrt == float("inf"), 0)
    return edge_index, deg_inv_sqrt[row] * edge_weight * deg_inv_sqrt[col]


class GCNConv(nn.Module):
    def __init__(self, dim=4, cached=False):
        super().__init__()
        self.lin = nn.Linear(dim, dim, bias=False)
        self.bias = nn.Parameter(torch.zeros(dim))

    def forward(self, x, edge_index, edge_weight=None):
        edge_index, norm = gcn_norm(edge_index, edge_weight, x.size(0))
        h = self.lin(x)
        out = torch.zeros_like(h).index_add_(0, edge_index[1], h[edge_index[0]] * norm.view(-1, 1))
        return out + self.bias


def example():
    return GCNConv(), (torch.randn(5, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 4]]))
