"""A Batch-like object handed to forward: `num_graphs` is a property computing `int(self.batch.max()) + 1`
(a host read in the property), and global mean pooling written with index_add_ uses it; `batch.numel()`
checks compile."""
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


def global_mean_pool(x, batch, size):
    out = torch.zeros(size, x.size(-1), dtype=x.dtype).index_add_(0, batch, x)
    count = torch.zeros(size, dtype=x.dtype).index_add_(0, batch, torch.ones_like(batch, dtype=x.dtype))
    return out / count.clamp(min=1).view(-1, 1)


class GraphClassifier(nn.Module):
    def __init__(self, dim=3, classes=2):
        super().__init__()
        self.lin = nn.Linear(dim, classes)

    def forward(self, data):
        x, batch = data.x, data.batch
        if batch.numel() == 0 or data.num_nodes == 0:
            return x.new_zeros(0, 2)
        pooled = global_mean_pool(x, batch, data.num_graphs)
        return self.lin(pooled)


def example():
    data = Batch(torch.randn(5, 3), torch.tensor([[0, 1], [1, 0]]), torch.tensor([0, 0, 1, 1, 1]))
    return GraphClassifier(), (data,)
