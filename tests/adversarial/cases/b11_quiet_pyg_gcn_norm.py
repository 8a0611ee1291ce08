"""`gcn_norm` with the node count passed down: self loops added with an arange, degrees scattered with an
explicit `dim_size`, infinite inverse roots zeroed with `masked_fill_(... == float("inf"), 0)`."""
import torch
from torch import nn

from b11_pyg_utils import add_self_loops, scatter


def gcn_norm(edge_index, edge_weight=None, num_nodes=None, add_loops=True, dtype=None):
    if edge_weight is None:
        edge_weight = torch.ones((edge_index.size(1), ), dtype=dtype, device=edge_index.device)
    if add_loops:
        edge_index, edge_weight = add_self_loops(edge_index, edge_weight, 1.0, num_nodes)
    row, col = edge_index[0], edge_index[1]
    deg = scatter(edge_weight, col, dim=0, dim_size=num_nodes, reduce="sum")
    deg_inv_sqrt = deg.pow_(-0.5)
    deg_inv_sqrt.masked_fill_(deg_inv_sqrt == float("inf"), 0)
    return edge_index, deg_inv_sqrt[row] * edge_weight * deg_inv_sqrt[col]


class GCNConv(nn.Module):
    def __init__(self, channels=4, cached=False):
        super().__init__()
        self.lin = nn.Linear(channels, channels, bias=False)
        self.bias = nn.Parameter(torch.zeros(channels))
        self.cached = cached
        self._cached_edge_index = None

    def forward(self, x, edge_index, edge_weight=None):
        cache = self._cached_edge_index
        if cache is None:
            edge_index, edge_weight = gcn_norm(edge_index, edge_weight, x.size(0), dtype=x.dtype)
            if self.cached:
                self._cached_edge_index = (edge_index, edge_weight)
        else:
            edge_index, edge_weight = cache
        x = self.lin(x)
        out = scatter(x[edge_index[0]] * edge_weight.view(-1, 1), edge_index[1], dim=0, dim_size=x.size(0))
        return out + self.bias


def example():
    edge_index = torch.tensor([[0, 1, 2], [1, 2, 0]])
    return GCNConv(), (torch.randn(4, 4), edge_index)
