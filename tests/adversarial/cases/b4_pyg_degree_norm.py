"""Symmetric normalisation: `degree(col, num_nodes)` with the node count from a shape compiles, and so do
`pow(-0.5)` and the masked_fill_/mask write of infinities; a second layer calls `degree(row)` without the
count, so `maybe_num_nodes` reads `int(index.max()) + 1` on the host."""
import torch
from torch import Tensor, nn


def maybe_num_nodes(edge_index, num_nodes=None):
    if num_nodes is not None:
        return num_nodes
    elif isinstance(edge_index, Tensor):
        return int(edge_index.max()) + 1 if edge_index.numel() > 0 else 0  # expect: CL111
    return max(edge_index.size(0), edge_index.size(1))


def degree(index, num_nodes=None, dtype=None):
    N = maybe_num_nodes(index, num_nodes)
    out = torch.zeros((N,), dtype=dtype, device=index.device)
    one = torch.ones((index.size(0),), dtype=out.dtype, device=out.device)
    return out.scatter_add_(0, index, one)


def add_self_loops(edge_index, num_nodes):
    loop_index = torch.arange(0, num_nodes, dtype=torch.long, device=edge_index.device)
    loop_index = loop_index.unsqueeze(0).repeat(2, 1)
    return torch.cat([edge_index, loop_index], dim=1)


class GCNLayer(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        num_nodes = x.size(0)
        edge_index = add_self_loops(edge_index, num_nodes)
        row, col = edge_index[0], edge_index[1]
        deg = degree(col, num_nodes, dtype=x.dtype)
        deg_inv_sqrt = deg.pow(-0.5)
        deg_inv_sqrt.masked_fill_(deg_inv_sqrt == float("inf"), 0)
        norm = deg_inv_sqrt[row] * deg_inv_sqrt[col]
        h = self.lin(x)
        return torch.zeros_like(h).index_add_(0, col, h[row] * norm.view(-1, 1))


class OutDegreeScale(nn.Module):
    def forward(self, x, edge_index):
        deg = degree(edge_index[0], dtype=x.dtype)
        inv = 1.0 / deg
        inv[inv == float("inf")] = 0
        return x[: inv.size(0)] * inv.view(-1, 1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.gcn = GCNLayer()
        self.scale = OutDegreeScale()

    def forward(self, x, edge_index):
        return self.scale(self.gcn(x, edge_index), edge_index)


def example():
    return Net(), (torch.randn(5, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 4]]))
