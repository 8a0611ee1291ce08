"""A three-level convolution hierarchy whose leaf calls `super(GCNBase, self).message`, reaching a base
message that checks shapes only (`edge_weight.dim()`, `size(0)`)."""
import torch
from torch import nn


class MessagePassingBase(nn.Module):
    def message(self, x_j, edge_weight):
        if edge_weight is not None and edge_weight.dim() != 1:
            raise ValueError("edge weights must be one-dimensional")
        if edge_weight is not None and edge_weight.size(0) != x_j.size(0):
            raise ValueError("one weight per edge")
        return x_j if edge_weight is None else x_j * edge_weight.view(-1, 1)

    def propagate(self, x, edge_index, edge_weight=None):
        row, col = edge_index
        msg = self.message(x[row], edge_weight)
        return torch.zeros_like(x).index_add_(0, col, msg)


class GCNBase(MessagePassingBase):
    def message(self, x_j, edge_weight):
        return x_j * edge_weight.abs().view(-1, 1)


class WeightedGCN(GCNBase):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def message(self, x_j, edge_weight):
        return super(GCNBase, self).message(x_j, edge_weight)

    def forward(self, x, edge_index, edge_weight):
        return self.propagate(self.lin(x), edge_index, edge_weight)


def example():
    return WeightedGCN(), (torch.randn(3, 3), torch.tensor([[0, 1, 2], [1, 2, 0]]), torch.rand(3))
