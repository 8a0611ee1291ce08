"""A graph library's base file: `scatter_sum` / `degree` with the size given, a message-passing base whose
`propagate` calls `message`, `aggregate` and `update`, and an aggregation base whose forward calls `reduce`.
The other b16 graph cases import it."""
import torch
from torch import nn


def scatter_sum(src, index, dim_size):
    out = src.new_zeros((dim_size,) + tuple(src.shape[1:]))
    return out.index_add_(0, index, src)


def degree(index, num_nodes, dtype=None):
    out = torch.zeros(num_nodes, dtype=dtype or torch.long, device=index.device)
    return out.scatter_add_(0, index, torch.ones_like(index, dtype=out.dtype))


class MessagePassing(nn.Module):
    def propagate(self, edge_index, x, size=None):
        num_nodes = x.size(0) if size is None else size[1]
        x_j = x.index_select(0, edge_index[0])
        msg = self.message(x_j)
        aggr_out = self.aggregate(msg, edge_index[1], num_nodes)
        return self.update(aggr_out, x, edge_index)

    def message(self, x_j):
        return x_j

    def aggregate(self, inputs, index, dim_size):
        return scatter_sum(inputs, index, dim_size)

    def update(self, aggr_out, x, edge_index):
        return aggr_out


class Aggregation(nn.Module):
    def forward(self, x, index=None, ptr=None, dim_size=None):
        if dim_size is None:
            dim_size = ptr.numel() - 1 if ptr is not None else x.size(0)
        return self.reduce(x, index, ptr, dim_size)

    def reduce(self, x, index, ptr, dim_size):
        return scatter_sum(x, index, dim_size)


class _Conv(MessagePassing):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        return self.propagate(edge_index, self.lin(x)) + SumAggr()(x, edge_index[1], dim_size=x.size(0))


class SumAggr(Aggregation):
    pass


def example():
    return _Conv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]))
