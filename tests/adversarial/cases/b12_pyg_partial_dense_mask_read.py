"""A dense-batch helper bound with `functools.partial` in __init__; it writes nodes into a padded tensor with a
boolean mask (fine), then reads the real nodes back with the same mask."""
import functools

import torch
from torch import nn


def to_dense(x, batch, max_nodes, fill_value=0.0):
    num_graphs = batch.shape[0] // max_nodes
    mask = torch.zeros(num_graphs * max_nodes, dtype=torch.bool)
    mask[: x.shape[0]] = True
    out = x.new_full((num_graphs * max_nodes, x.shape[-1]), fill_value)
    out[mask] = x
    return out.view(num_graphs, max_nodes, -1), mask


class DenseReadout(nn.Module):
    def __init__(self, dim=4, max_nodes=3):
        super().__init__()
        self.dense = functools.partial(to_dense, max_nodes=max_nodes)
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, batch):
        dense, mask = self.dense(x, batch)
        mixed = self.lin(dense).view(-1, dense.shape[-1])
        return mixed[mask]  # known-miss: CL122


def example():
    return DenseReadout(), (torch.randn(6, 4), torch.tensor([0, 0, 0, 1, 1, 1]))
