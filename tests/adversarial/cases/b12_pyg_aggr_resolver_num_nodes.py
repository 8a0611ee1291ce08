"""The aggregation module is resolved by name from a registry; the conv's `aggregate` override calls it without
the output size, so the softmax aggregation reads the node count off `index.max()`."""
import torch
from torch import nn

from b12_quiet_pyg_conv import MessagePassing


class SumAggregation(nn.Module):
    def forward(self, x, index, dim_size=None):
        dim_size = int(index.max()) + 1 if dim_size is None else dim_size  # expect: CL111
        return x.new_zeros(dim_size, x.size(-1)).index_add_(0, index, x)


class SoftmaxAggregation(SumAggregation):
    def forward(self, x, index, dim_size=None):
        weights = x.softmax(dim=-1)
        return super().forward(x * weights, index, dim_size)


AGGREGATIONS = {"sum": SumAggregation, "softmax": SoftmaxAggregation}


def aggregation_resolver(name):
    return AGGREGATIONS[name]()


class AttnConv(MessagePassing):
    def __init__(self, dim=4, aggr="softmax"):
        super().__init__()
        self.aggr_module = aggregation_resolver(aggr)
        self.lin = nn.Linear(dim, dim)

    def aggregate(self, inputs, index, dim_size):
        return self.aggr_module(inputs, index)

    def forward(self, x, edge_index):
        return self.propagate(edge_index, x=self.lin(x))


def example():
    return AttnConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]))
