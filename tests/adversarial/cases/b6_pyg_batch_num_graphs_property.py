"""A mini-batch object (Batch-like, not a module) answers `num_graphs` through a property that reads the
largest graph id with `int(self.batch.max()) + 1`. The model asks for it to size its pooled output."""
import torch
from torch import nn


class Batch:
    def __init__(self, x, edge_index, batch):
        self.x, self.edge_index, self.batch = x, edge_index, batch

    @property
    def num_nodes(self):
        return self.x.size(0)

    @property
    def num_graphs(self):
        return int(self.batch.max()) + 1  # known-miss: CL111


class GraphRegressor(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, 1)

    def forward(self, data):
        h = self.lin(data.x)
        out = h.new_zeros(data.num_graphs, 1)
        return out.index_add_(0, data.batch, h) / data.num_nodes


def example():
    data = Batch(torch.randn(5, 3), torch.tensor([[0, 1], [1, 0]]), torch.tensor([0, 0, 1, 1, 1]))
    return GraphRegressor(), (data,)
