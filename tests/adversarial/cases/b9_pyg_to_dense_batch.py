"""to_dense_batch: nodes scattered into a [B, max_nodes, F] tensor, max_nodes read from the counts."""
import torch
from torch import nn


def to_dense_batch(x, batch, fill_value=0.0):
    num_nodes = torch.zeros(int(batch[-1]) + 1, dtype=torch.long).index_add_(0, batch, torch.ones_like(batch))  # expect: CL111
    cum = torch.cat([num_nodes.new_zeros(1), num_nodes.cumsum(0)[:-1]])
    max_nodes = int(num_nodes.max())  # expect: CL111
    idx = torch.arange(batch.numel()) - cum[batch] + batch * max_nodes
    out = x.new_full((num_nodes.numel() * max_nodes, x.size(-1)), fill_value)
    out[idx] = x
    mask = torch.zeros(num_nodes.numel() * max_nodes, dtype=torch.bool)
    mask[idx] = True
    return out.view(num_nodes.numel(), max_nodes, -1), mask.view(num_nodes.numel(), max_nodes)


class DenseEncoder(nn.Module):
    def forward(self, x, batch):
        dense, mask = to_dense_batch(x, batch)
        return dense.sum(1) / mask.sum(1, keepdim=True)


def example():
    return DenseEncoder(), (torch.randn(5, 3), torch.tensor([0, 0, 1, 1, 1]))
