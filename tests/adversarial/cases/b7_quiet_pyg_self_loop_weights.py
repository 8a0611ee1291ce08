"""Self loops handled without changing the edge count: loop edges get weight 0 through
`torch.where(row == col, 0.0, weight)` (three arguments) and the fill value for isolated nodes is written
with `out[mask] = fill` on a mask of zero in-degree."""
import torch
from torch import nn


def segregate_self_loops_weight(edge_index, edge_weight):
    row, col = edge_index
    return torch.where(row == col, torch.zeros_like(edge_weight), edge_weight)


class WeightedConv(nn.Module):
    def __init__(self, dim=3, fill_value=1.0):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.fill_value = fill_value

    def forward(self, x, edge_index, edge_weight):
        edge_weight = segregate_self_loops_weight(edge_index, edge_weight)
        n = x.size(0)
        out = x.new_zeros(n, x.size(1)).index_add_(0, edge_index[1], edge_weight[:, None] * x[edge_index[0]])
        in_degree = torch.zeros(n).index_add_(0, edge_index[1], torch.ones(edge_index.size(1)))
        out[in_degree == 0] = self.fill_value
        return self.lin(out)


def example():
    return WeightedConv(), (torch.randn(4, 3), torch.tensor([[0, 1, 1], [1, 1, 2]]), torch.rand(3))
