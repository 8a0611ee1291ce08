"""A global pooling module spells its max and mean readouts as `functools.partialmethod`s of one pooling
method that sizes the output from the batch vector."""
from functools import partialmethod

import torch
from torch import nn


class GlobalPool(nn.Module):
    def _pool(self, x, batch, reduce):
        size = int(batch.max()) + 1  # expect: CL111
        index = batch.unsqueeze(-1).expand_as(x)
        return x.new_zeros(size, x.size(1)).scatter_reduce(0, index, x, reduce=reduce, include_self=False)

    pool_max = partialmethod(_pool, reduce="amax")
    pool_mean = partialmethod(_pool, reduce="mean")

    def forward(self, x, batch):
        return torch.cat([self.pool_max(x, batch), self.pool_mean(x, batch)], dim=-1)  # expect: CL176


def example():
    return GlobalPool(), (torch.randn(5, 3), torch.tensor([0, 0, 1, 1, 1]))
