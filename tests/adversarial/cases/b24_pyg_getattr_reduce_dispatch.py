"""A multi-aggregation resolves each configured reduction to a method by name (`getattr(self, "reduce_" +
name)`); the "count" reduction uses `torch.bincount`."""
import torch
from torch import nn


class MultiAggregation(nn.Module):
    def __init__(self, aggrs=("sum", "count")):
        super().__init__()
        self.aggrs = tuple(aggrs)

    def reduce_sum(self, x, index, dim_size):
        return x.new_zeros(dim_size, x.size(1)).index_add_(0, index, x)

    def reduce_count(self, x, index, dim_size):
        counts = torch.bincount(index, minlength=dim_size)  # expect: CL121
        return counts.to(x.dtype).unsqueeze(-1).expand(-1, x.size(1))

    def forward(self, x, index, dim_size: int):
        outs = [getattr(self, "reduce_" + name)(x, index, dim_size) for name in self.aggrs]
        return torch.cat(outs, dim=-1)


def example():
    return MultiAggregation(), (torch.randn(5, 3), torch.tensor([0, 1, 1, 2, 2]), 3)
