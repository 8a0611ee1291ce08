"""gcn_norm: the symmetric normalisation with self loops; isolated nodes' infinite inverse degree is zeroed with
a boolean-mask write."""
import torch
from torch import nn


def gcn_norm(edge_index, num_nodes, dtype):
    loop = torch.arange(num_nodes, device=edge_index.device)
    edge_index = torch.cat([edge_index, torch.stack([loop, loop])], dim=1)
    row, col = edge_index
    edge_weight = torch.ones(edge_index.size(1), dtype=dtype)
    deg = torch.zeros(num_nodes, dtype=dtype).scatter_add_(0, col, edge_weight)
    deg_inv_sqrt = deg.pow(-0.5)
    deg_inv_sqrt[deg_inv_sqrt == float("inf")] = 0
    return edge_index, deg_inv_sqrt[row] * edge_weight * deg_inv_sqrt[col]


class GCNConv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        edge_index, norm = gcn_norm(edge_index, x.size(0), x.dtype)
        h = self.lin(x)
        return torch.zeros_like(h).index_add_(0, edge_index[1], h[edge_index[0]] * norm[:, None])


def example():
    return GCNConv(), (torch.randn(4, 4), torch.tensor([[0, 1], [1, 2]]))
