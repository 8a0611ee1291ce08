"""Graph utilities in a graph library's style, imported by the other b19_pyg cases: a homophily score (the edge
variant returns a Python float), and to_dense_batch with the sizes given (no tensor size)."""
import torch
from torch import nn


def scatter_mean(src, index, dim_size):
    out = src.new_zeros(dim_size).index_add_(0, index, src)
    count = src.new_zeros(dim_size).index_add_(0, index, torch.ones_like(src))
    return out / count.clamp(min=1)


def homophily(edge_index, y, method="edge"):
    row, col = edge_index
    if method == "edge":
        return float((y[row] == y[col]).float().mean())  # expect: CL111
    out = (y[row] == y[col]).float()
    return scatter_mean(out, col, y.size(0)).mean()


def to_dense_batch(x, batch, batch_size, max_num_nodes):
    num_nodes = torch.zeros(batch_size, dtype=torch.long).index_add_(0, batch, torch.ones_like(batch))
    cum_nodes = torch.cat([num_nodes.new_zeros(1), num_nodes.cumsum(0)])
    idx = torch.arange(batch.size(0)) - cum_nodes[batch] + batch * max_num_nodes
    out = x.new_zeros(batch_size * max_num_nodes, x.size(-1))
    out[idx] = x
    mask = torch.zeros(batch_size * max_num_nodes, dtype=torch.bool)
    mask[idx] = True
    return out.view(batch_size, max_num_nodes, -1), mask.view(batch_size, max_num_nodes)


class _Probe(nn.Module):
    def forward(self, x, edge_index, y, batch):
        h, mask = to_dense_batch(x, batch, 2, 3)
        return h.sum() * homophily(edge_index, y) + homophily(edge_index, y, method="node") + mask.sum()


def example():
    edge_index = torch.tensor([[0, 1, 2, 3], [1, 0, 3, 2]])
    return _Probe(), (torch.randn(5, 4), edge_index, torch.tensor([0, 0, 1, 1, 0]), torch.tensor([0, 0, 1, 1, 1]))
