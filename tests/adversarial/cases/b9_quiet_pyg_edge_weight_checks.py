"""Edge-attribute handling with Python-side checks only: `edge_attr.dim() == 1`, `edge_index.size(0) == 2`,
sparse-layout test, and an `assert` on a size tuple."""
import torch
from torch import nn


class EdgeConv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.edge_lin = nn.Linear(1, dim)

    def forward(self, x, edge_index, edge_attr=None):
        assert edge_index.size(0) == 2, "edge_index must be [2, E]"
        if edge_index.is_sparse:
            edge_index = edge_index.coalesce().indices()
        if edge_attr is None:
            edge_attr = x.new_ones(edge_index.size(1))
        if edge_attr.dim() == 1:
            edge_attr = edge_attr.view(-1, 1)
        msg = self.lin(x)[edge_index[0]] + self.edge_lin(edge_attr)
        return torch.zeros_like(x).index_add_(0, edge_index[1], msg)


def example():
    return EdgeConv(), (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]), torch.rand(4))
