"""`coalesce` before a sparse aggregation: edges are keyed as `row * N + col`, deduplicated with
`torch.unique` (whose size is data-dependent), and the duplicate weights summed into the unique slots."""
import torch
from torch import nn


def coalesce(edge_index, edge_attr, num_nodes):
    key = edge_index[0] * num_nodes + edge_index[1]
    unique_key, inverse = torch.unique(key, sorted=True, return_inverse=True)  # expect: CL121
    out_attr = edge_attr.new_zeros(unique_key.size(0)).scatter_add_(0, inverse, edge_attr)
    return torch.stack([unique_key // num_nodes, unique_key % num_nodes]), out_attr


class SparseAggregate(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.lin = nn.Linear(channels, channels)

    def forward(self, x, edge_index, edge_weight):
        edge_index, edge_weight = coalesce(edge_index, edge_weight, x.size(0))
        msg = self.lin(x)[edge_index[0]] * edge_weight[:, None]
        return torch.zeros_like(x).index_add_(0, edge_index[1], msg)


def example():
    edge_index = torch.tensor([[0, 0, 1, 2, 0], [1, 1, 2, 3, 3]])
    return SparseAggregate(), (torch.randn(4, 4), edge_index, torch.rand(5))
