"""`to_dense_batch` as graph libraries write it: the batch size and the largest graph are read from the
batch vector (`int(batch.max()) + 1`, `int(num_nodes.max())`), then nodes are scattered into a padded tensor."""
import torch
from torch import nn


def to_dense_batch(x, batch, fill_value=0.0, max_num_nodes=None, batch_size=None):
    if batch_size is None:
        batch_size = int(batch.max()) + 1  # expect: CL111
    num_nodes = torch.zeros(batch_size, dtype=torch.long).scatter_add_(0, batch, torch.ones_like(batch))
    cum_nodes = torch.cat([batch.new_zeros(1), num_nodes.cumsum(0)])
    if max_num_nodes is None:
        max_num_nodes = int(num_nodes.max())  # expect: CL111
    idx = torch.arange(batch.size(0)) - cum_nodes[batch] + batch * max_num_nodes
    out = x.new_full((batch_size * max_num_nodes, x.size(-1)), fill_value)
    out[idx] = x
    mask = torch.zeros(batch_size * max_num_nodes, dtype=torch.bool)
    mask[idx] = True
    return out.view(batch_size, max_num_nodes, -1), mask.view(batch_size, max_num_nodes)


class DenseReadout(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, batch):
        dense, mask = to_dense_batch(self.lin(x), batch)
        return dense.sum(1) / mask.sum(1, keepdim=True)


def example():
    return DenseReadout(), (torch.randn(5, 3), torch.tensor([0, 0, 1, 1, 1]))
