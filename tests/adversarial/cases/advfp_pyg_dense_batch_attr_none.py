"""`to_dense_batch` handed the model's `self.max_nodes`, left at its default None by the construction: the helper
reads the largest graph size from the batch vector as a Python int."""
import torch
from torch import nn


def to_dense_batch(x, batch, max_num_nodes=None, batch_size=2):
    if max_num_nodes is None:
        max_num_nodes = int(torch.bincount(batch).max())  # expect: CL111, CL121
    num_nodes = torch.zeros(batch_size, dtype=torch.long).scatter_add_(0, batch, torch.ones_like(batch))
    cum_nodes = torch.cat([batch.new_zeros(1), num_nodes.cumsum(0)[:-1]])
    idx = torch.arange(batch.size(0)) - cum_nodes[batch] + batch * max_num_nodes
    out = x.new_zeros(batch_size * max_num_nodes, x.size(-1)).index_copy_(0, idx, x)
    return out.view(batch_size, max_num_nodes, -1)


class DenseReadout(nn.Module):
    def __init__(self, dim=3, max_nodes=None):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.max_nodes = max_nodes

    def forward(self, x, batch):
        return to_dense_batch(self.lin(x), batch, max_num_nodes=self.max_nodes).amax(1)


def example():
    return DenseReadout(), (torch.randn(5, 3), torch.tensor([0, 0, 1, 1, 1]))
