"""to_dense_batch with the batch size handed in: counting nodes per graph with scatter and cumsum compiles,
but the padded width `int(num_nodes.max())` is a host read when max_num_nodes is not given; a zero batch is
built when `batch is None`."""
import torch
from torch import nn


def cumsum(x, dim=0):
    size = x.size()[:dim] + (x.size(dim) + 1,) + x.size()[dim + 1:]
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
    num_nodes = torch.zeros(batch_size, dtype=torch.long).index_add_(0, batch, torch.ones_like(batch))
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


class DenseReadout(nn.Module):
    def __init__(self, num_graphs=2):
        super().__init__()
        self.num_graphs = num_graphs

    def forward(self, x, batch):
        dense, mask = to_dense_batch(x, batch, batch_size=self.num_graphs)
        single, _ = to_dense_batch(x)
        return dense.sum(1) / mask.sum(1, keepdim=True), single


def example():
    return DenseReadout(), (torch.randn(5, 3), torch.tensor([0, 0, 0, 1, 1]))
