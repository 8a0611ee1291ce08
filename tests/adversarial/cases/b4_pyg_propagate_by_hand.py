"""A hand-written MessagePassing base: input checks on dtype/dim/size raise only on bad input, message
arguments are collected by inspect.signature, and the aggregation is a scatter helper whose `dim_size`
defaults from `int(index.max()) + 1`. One conv passes the node count (compiles), the other leaves it out."""
import inspect

import torch
from torch import Tensor, nn


def scatter(src, index, dim=0, dim_size=None, reduce="sum"):
    if dim_size is None:
        dim_size = int(index.max()) + 1  # expect: CL111
    size = list(src.size())
    size[dim] = dim_size
    out = src.new_zeros(size)
    index = index.view(-1, *([1] * (src.dim() - 1))).expand_as(src)
    if reduce == "sum":
        return out.scatter_add_(dim, index, src)
    return out.scatter_reduce_(dim, index, src, reduce="mean", include_self=False)


class MessagePassing(nn.Module):
    def __init__(self, aggr="sum"):
        super().__init__()
        self.aggr = aggr
        self._user_args = [p for p in inspect.signature(self.message).parameters if p != "self"]

    def _check_input(self, edge_index, size):
        if isinstance(edge_index, Tensor):
            if edge_index.dtype != torch.long:
                raise ValueError(f"Expected 'edge_index' to be of integer type (got '{edge_index.dtype}')")
            if edge_index.dim() != 2:
                raise ValueError(f"Expected 'edge_index' to be two-dimensional (got {edge_index.dim()} dimensions)")
            if edge_index.size(0) != 2:
                raise ValueError(f"Expected 'edge_index' to have size '2' in the first dimension")
            return list(size) if size is not None else [None, None]
        raise ValueError("unsupported edge_index")

    def propagate(self, edge_index, size=None, **kwargs):
        size = self._check_input(edge_index, size)
        coll = {}
        for arg in self._user_args:
            if arg.endswith("_j"):
                coll[arg] = kwargs[arg[:-2]].index_select(0, edge_index[0])
            elif arg.endswith("_i"):
                coll[arg] = kwargs[arg[:-2]].index_select(0, edge_index[1])
            else:
                coll[arg] = kwargs.get(arg)
        msg = self.message(**coll)
        return self.aggregate(msg, edge_index[1], dim_size=size[1])

    def aggregate(self, inputs, index, dim_size=None):
        return scatter(inputs, index, dim=0, dim_size=dim_size, reduce=self.aggr)

    def message(self, x_j):
        return x_j


class SizedConv(MessagePassing):
    def __init__(self, dim=4):
        super().__init__(aggr="mean")
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        return self.propagate(edge_index, size=(x.size(0), x.size(0)), x=self.lin(x))


class UnsizedConv(MessagePassing):
    def message(self, x_j, edge_weight):
        return x_j if edge_weight is None else x_j * edge_weight.view(-1, 1)

    def forward(self, x, edge_index, edge_weight=None):
        return self.propagate(edge_index, x=x, edge_weight=edge_weight)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = SizedConv()
        self.conv2 = UnsizedConv()

    def forward(self, x, edge_index):
        return self.conv2(self.conv1(x, edge_index).relu(), edge_index)


def example():
    return Net(), (torch.randn(5, 4), torch.tensor([[0, 1, 2, 3, 4], [1, 2, 3, 4, 0]]))
