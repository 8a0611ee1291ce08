"""The namedtuple batch with `num_graphs` counted in Python by the collate function (the number of graphs given),
and `ptr` built by a cumulative sum of node counts."""
from collections import namedtuple

import torch
from torch import nn

GraphBatch = namedtuple("GraphBatch", ["x", "batch", "ptr", "num_graphs"])


def collate(xs):
    sizes = [x.size(0) for x in xs]
    batch = torch.cat([torch.full((n,), i, dtype=torch.long) for i, n in enumerate(sizes)])
    ptr = torch.tensor([0] + sizes).cumsum(0)
    return GraphBatch(torch.cat(xs), batch, ptr, len(sizes))


def global_add_pool(b):
    return b.x.new_zeros(b.num_graphs, b.x.size(1)).index_add(0, b.batch, b.x)


class Readout(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, 2)

    def forward(self, xs):
        b = collate(xs)
        return self.lin(global_add_pool(b)), b.ptr


def example():
    return Readout(), ([torch.randn(2, 4), torch.randn(3, 4)],)
