"""GCNConv with a cached normalisation: cache hit/miss by a None test on a tuple attribute, fill values from
a flag, degree normalisation with masked_fill_, a bias behind `is not None`: nothing breaks."""
import torch
from torch import nn


def gcn_norm(edge_index, num_nodes, improved=False, add_self_loops=True, dtype=None):
    fill_value = 2.0 if improved else 1.0
    edge_weight = torch.ones((edge_index.size(1),), dtype=dtype, device=edge_index.device)
    if add_self_loops:
        loop = torch.arange(num_nodes, device=edge_index.device)
        edge_index = torch.cat([edge_index, torch.stack([loop, loop])], dim=1)
        edge_weight = torch.cat([edge_weight, torch.full((num_nodes,), fill_value, dtype=dtype)])
    row, col = edge_index[0], edge_index[1]
    deg = torch.zeros(num_nodes, dtype=dtype).scatter_add_(0, col, edge_weight)
    deg_inv_sqrt = deg.pow_(-0.5)
    deg_inv_sqrt.masked_fill_(deg_inv_sqrt == float("inf"), 0)
    return edge_index, deg_inv_sqrt[row] * edge_weight * deg_inv_sqrt[col]


class GCNConv(nn.Module):
    def __init__(self, dim=4, cached=True, improved=False, normalize=True, bias=True):
        super().__init__()
        self.cached, self.improved, self.normalize = cached, improved, normalize
        self._cached_edge_index = None
        self.lin = nn.Linear(dim, dim, bias=False)
        self.bias = nn.Parameter(torch.zeros(dim)) if bias else None
        self.node_dim = -2

    def forward(self, x, edge_index):
        if self.normalize:
            cache = self._cached_edge_index
            if cache is None:
                edge_index, edge_weight = gcn_norm(edge_index, x.size(self.node_dim), self.improved, dtype=x.dtype)
                if self.cached:
                    self._cached_edge_index = (edge_index, edge_weight)
            else:
                edge_index, edge_weight = cache[0], cache[1]
        else:
            edge_weight = None
        x = self.lin(x)
        msg = x.index_select(0, edge_index[0])
        if edge_weight is not None:
            msg = msg * edge_weight.view(-1, 1)
        out = torch.zeros_like(x).index_add_(0, edge_index[1], msg)
        if self.bias is not None:
            out = out + self.bias
        return out


def example():
    return GCNConv(), (torch.randn(4, 4), torch.tensor([[0, 1, 2], [1, 2, 3]]))
