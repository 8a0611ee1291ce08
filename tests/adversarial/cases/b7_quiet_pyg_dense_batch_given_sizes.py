"""`to_dense_batch` called with the batch size and the largest graph size given by the caller (Python ints
from the model's config): the branches that would read them from the batch vector are never taken."""
import torch
from torch import nn


def to_dense_batch(x, batch, max_num_nodes=None, batch_size=None):
    if batch_size is None:
        batch_size = int(batch.max()) + 1
    if max_num_nodes is None:
        max_num_nodes = int(torch.bincount(batch).max())
    num_nodes = torch.zeros(batch_size, dtype=torch.long).scatter_add_(0, batch, torch.ones_like(batch))
    cum_nodes = torch.cat([batch.new_zeros(1), num_nodes.cumsum(0)[:-1]])
    idx = torch.arange(batch.size(0)) - cum_nodes[batch] + batch * max_num_nodes
    out = x.new_zeros(batch_size * max_num_nodes, x.size(-1)).index_copy_(0, idx, x)
    return out.view(batch_size, max_num_nodes, -1)


class SetReadout(nn.Module):
    def __init__(self, dim=3, graphs_per_batch=2, max_nodes=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.graphs_per_batch = graphs_per_batch
        self.max_nodes = max_nodes

    def forward(self, x, batch):
        dense = to_dense_batch(self.lin(x), batch, max_num_nodes=self.max_nodes, batch_size=self.graphs_per_batch)
        return dense.amax(1)


def example():
    return SetReadout(), (torch.randn(5, 3), torch.tensor([0, 0, 1, 1, 1]))
