"""`torch.multinomial` / `Tensor.multinomial` with `num_samples` a tensor computed in the graph breaks (GB0033: the
count is read from the data), `min(fanout, degree)` of a 0-d tensor being one (dynamo makes builtin min of a tensor a
tensor); a Python count compiles."""
import torch
from torch import nn


def sample_min_degree(adj_row, fanout):
    k = min(fanout, adj_row.sum())
    return torch.multinomial(adj_row.float(), k)  # expect: CL124


def sample_degree(adj_row):
    deg = adj_row.sum()
    weights = torch.ones_like(adj_row, dtype=torch.float)
    return weights.multinomial(num_samples=deg)  # expect: CL124


def sample_fixed(adj_row, fanout, n):
    weights = torch.ones_like(adj_row, dtype=torch.float)
    a = torch.multinomial(weights, fanout)
    return torch.cat([a, weights.multinomial(n - 2, replacement=True)])


class NeighborSample(nn.Module):
    def __init__(self, fanout=2):
        super().__init__()
        self.fanout = fanout

    def forward(self, x, adj_row):
        a = sample_min_degree(adj_row, self.fanout)
        b = sample_degree(adj_row)
        c = sample_fixed(adj_row, self.fanout, x.shape[0])
        return x[a].sum() + x[b].sum() + x[c].sum()


def example():
    return NeighborSample(), (torch.randn(4, 3), torch.tensor([0, 1, 1, 1]))
