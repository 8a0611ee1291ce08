"""A graph library's base file: a MessagePassing whose `propagate` gathers `x_j`, calls the subclass's
`message` and scatters with `index_add_`, a scatter helper that takes `dim_size` from the caller, and a
degree helper. The other b13 graph cases import it."""
import torch
from torch import nn


def scatter_sum(src, index, dim_size):
    out = src.new_zeros((dim_size,) + tuple(src.shape[1:]))
    return out.index_add_(0, index, src)


def degree(index, num_nodes, dtype=None):
    ones = torch.ones(index.size(0), dtype=dtype or torch.float, device=index.device)
    return scatter_sum(ones, index, num_nodes)


class MessagePassing(nn.Module):
    def __init__(self, aggr="sum"):
        super().__init__()
        self.aggr = aggr

    def message(self, x_j, edge_weight=None):
        return x_j if edge_weight is None else x_j * edge_weight.view(-1, 1)

    def update(self, aggr_out, x):
        return aggr_out

    def propagate(self, edge_index, x, edge_weight=None):
        src, dst = edge_index[0], edge_index[1]
        msg = self.message(x.index_select(0, src), edge_weight)
        out = scatter_sum(msg, dst, x.size(0))
        if self.aggr == "mean":
            out = out / degree(dst, x.size(0)).clamp(min=1).view(-1, 1)
        return self.update(out, x)


class _SumConv(MessagePassing):
    def forward(self, x, edge_index):
        return self.propagate(edge_index, x)


def example():
    return _SumConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]))
