"""to_dense_batch: batch size and max node count read from the batch vector, then scattered into a grid."""
import torch
from torch import nn


def cumsum(x, dim=0):
    size = x.size()[:dim] + (x.size(dim) + 1, ) + x.size()[dim + 1:]
    out = x.new_empty(size)
    out.narrow(dim, 0, 1).zero_()
    torch.cumsum(x, dim=dim, out=out.narrow(dim, 1, x.size(dim)))
    return out


def to_dense_batch(x, batch=None, fill_value=0.0, max_num_nodes=None, batch_size=None):
    if batch is None and max_num_nodes is None:
        mask = torch.ones(1, x.size(0), dtype=torch.bool, device=x.device)
        return x.unsqueeze(0), mask
    if batch is None:
        batch = x.new_zeros(x.size(0), dtype=torch.long)
    if batch_size is None:
        batch_size = int(batch.max()) + 1  # expect: CL111
    num_nodes = batch.new_zeros(batch_size).scatter_add_(0, batch, batch.new_ones(x.size(0)))
    cum_nodes = cumsum(num_nodes)
    if max_num_nodes is None:
        max_num_nodes = int(num_nodes.max())  # expect: CL111
    idx = torch.arange(batch.size(0), device=x.device) - cum_nodes[batch]
    idx = idx + batch * max_num_nodes
    size = [batch_size * max_num_nodes] + list(x.size())[1:]
    out = x.new_full(size, fill_value)
    out[idx] = x
    out = out.view([batch_size, max_num_nodes] + list(x.size())[1:])
    mask = torch.zeros(batch_size * max_num_nodes, dtype=torch.bool, device=x.device)
    mask[idx] = 1
    return out, mask.view(batch_size, max_num_nodes)


class Dense(nn.Module):
    def forward(self, x, batch):
        out, mask = to_dense_batch(x, batch)
        fixed, _ = to_dense_batch(x, batch, max_num_nodes=3, batch_size=2)
        return out.sum() + fixed.sum(), mask


def example():
    return Dense(), (torch.randn(5, 2), torch.tensor([0, 0, 0, 1, 1]))
