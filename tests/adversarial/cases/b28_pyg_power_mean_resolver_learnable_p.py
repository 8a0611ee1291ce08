"""A convolution resolves its aggregation from a string through a module-level table of classes; the
power-mean aggregation built with `learn=True` keeps `p` as a Parameter, and its forward tests `if p != 1:`."""
import torch
from torch import nn


class MeanAggregation(nn.Module):
    def forward(self, x, index, dim_size):
        s = x.new_zeros(dim_size, x.size(-1)).index_add_(0, index, x)
        c = x.new_zeros(dim_size).index_add_(0, index, x.new_ones(x.size(0))).clamp(min=1)
        return s / c.unsqueeze(-1)


class PowerMeanAggregation(MeanAggregation):
    def __init__(self, p=1.0, learn=False):
        super().__init__()
        self.p = nn.Parameter(torch.tensor(p)) if learn else p

    def forward(self, x, index, dim_size):
        p = self.p
        if p != 1:  # known-miss: CL101
            x = x.clamp(min=0, max=100).pow(p)
        out = super().forward(x, index, dim_size)
        if p != 1:  # known-miss: CL101
            out = out.clamp(min=0, max=100).pow(1.0 / p)
        return out


AGGREGATIONS = {"mean": MeanAggregation, "powermean": PowerMeanAggregation}


def aggregation_resolver(name, **kwargs):
    return AGGREGATIONS[name.lower()](**kwargs)


class GENConv(nn.Module):
    def __init__(self, dim=3, aggr="powermean", aggr_kwargs=None):
        super().__init__()
        self.aggr_module = aggregation_resolver(aggr, **(aggr_kwargs or {}))
        self.mlp = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        row, col = edge_index
        msg = (x[row]).relu() + 1e-7
        return self.mlp(self.aggr_module(msg, col, x.size(0)) + x)


def example():
    return GENConv(aggr_kwargs={"p": 2.0, "learn": True}), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
