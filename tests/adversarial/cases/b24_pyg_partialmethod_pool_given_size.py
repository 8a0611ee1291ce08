"""A global pooling module with `functools.partialmethod` readouts whose output size is the caller's Python
graph count: nothing in the pooling breaks, but dynamo cannot call a partialmethod (an exception inside
functools while tracing; the frame falls back to eager)."""
from functools import partialmethod

import torch
from torch import nn


class GlobalPool(nn.Module):
    def _pool(self, x, batch, size, reduce):
        index = batch.unsqueeze(-1).expand_as(x)
        return x.new_zeros(size, x.size(1)).scatter_reduce(0, index, x, reduce=reduce, include_self=False)

    pool_max = partialmethod(_pool, reduce="amax")
    pool_mean = partialmethod(_pool, reduce="mean")

    def forward(self, x, batch, num_graphs: int):
        return torch.cat([self.pool_max(x, batch, num_graphs), self.pool_mean(x, batch, num_graphs)], dim=-1)  # expect: CL176


def example():
    return GlobalPool(), (torch.randn(5, 3), torch.tensor([0, 0, 1, 1, 1]), 2)
