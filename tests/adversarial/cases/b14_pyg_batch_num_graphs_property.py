"""A mini-batch holder whose `num_graphs` property reads the batch vector's maximum as a Python int; the
pooling layer sizes its output with it."""
import torch
from torch import nn

from b14_quiet_pyg_utils import Data, scatter_sum


class Batch(Data):
    @property
    def num_graphs(self):
        return int(self.batch.max()) + 1  # known-miss: CL111


class SumPool(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index, batch):
        data = Batch(x=x, edge_index=edge_index, batch=batch)
        return self.lin(scatter_sum(data.x, data.batch, data.num_graphs))


def example():
    return SumPool(), (torch.randn(4, 4), torch.tensor([[0, 2], [1, 3]]), torch.tensor([0, 0, 1, 1]))
