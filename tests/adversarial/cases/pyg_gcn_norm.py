"""GCN normalisation: self loops appended for a known node count, degree by scatter, inverse square root."""
import torch
from torch import nn


def add_self_loops(edge_index, edge_weight=None, fill_value=1.0, num_nodes=None):
    N = num_nodes
    loop_index = torch.arange(0, N, dtype=torch.long, device=edge_index.device)
    loop_index = loop_index.unsqueeze(0).repeat(2, 1)
    if edge_weight is not None:
        loop_weight = edge_weight.new_full((N, ), fill_value)
        edge_weight = torch.cat([edge_weight, loop_weight], dim=0)
    edge_index = torch.cat([edge_index, loop_index], dim=1)
    return edge_index, edge_weight


def scatter_sum(src, index, dim_size):
    return src.new_zeros(dim_size).scatter_add_(0, index, src)


def gcn_norm(edge_index, edge_weight, num_nodes, add_self_loops_flag=True):
    if add_self_loops_flag:
        edge_index, edge_weight = add_self_loops(edge_index, edge_weight, 1.0, num_nodes)
    row, col = edge_index[0], edge_index[1]
    deg = scatter_sum(edge_weight, col, num_nodes)
    deg_inv_sqrt = deg.pow_(-0.5)
    deg_inv_sqrt.masked_fill_(deg_inv_sqrt == float("inf"), 0)
    edge_weight = deg_inv_sqrt[row] * edge_weight * deg_inv_sqrt[col]
    return edge_index, edge_weight


class GCNConv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.cached = False
        self._cached_edge_index = None

    def forward(self, x, edge_index, edge_weight=None):
        if edge_weight is None:
            edge_weight = torch.ones((edge_index.size(1), ), dtype=x.dtype, device=edge_index.device)
        cache = self._cached_edge_index
        if cache is None:
            edge_index, edge_weight = gcn_norm(edge_index, edge_weight, x.size(0))
            if self.cached:
                self._cached_edge_index = (edge_index, edge_weight)
        else:
            edge_index, edge_weight = cache[0], cache[1]
        x = self.lin(x)
        msg = x[edge_index[0]] * edge_weight[:, None]
        return x.new_zeros(x.shape).index_add_(0, edge_index[1], msg)


def example():
    return GCNConv(), (torch.randn(5, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 4]]))
