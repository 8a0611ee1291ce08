"""A message-passing base class whose propagate() template infers the node count when no size is given
(`maybe_num_nodes`: `int(index.max()) + 1`) and aggregates the subclass's messages with scatter-add."""
import torch
from torch import nn


def maybe_num_nodes(edge_index, num_nodes=None):
    if num_nodes is not None:
        return num_nodes
    return int(edge_index.max()) + 1 if edge_index.numel() > 0 else 0  # expect: CL111


def scatter_add(src, index, dim_size):
    out = src.new_zeros(dim_size, src.size(-1))
    return out.index_add_(0, index, src)


class MessagePassing(nn.Module):
    def propagate(self, edge_index, x, size=None):
        num_nodes = maybe_num_nodes(edge_index, size)
        msg = self.message(x[edge_index[0]], x[edge_index[1]])
        return scatter_add(msg, edge_index[1], num_nodes)

    def message(self, x_j, x_i):
        return x_j


class EdgeConv(MessagePassing):
    def __init__(self, dim=3):
        super().__init__()
        self.mlp = nn.Linear(2 * dim, dim)

    def forward(self, x, edge_index):
        return self.propagate(edge_index, x)

    def message(self, x_j, x_i):
        return self.mlp(torch.cat([x_i, x_j - x_i], dim=-1))


def example():
    return EdgeConv(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
