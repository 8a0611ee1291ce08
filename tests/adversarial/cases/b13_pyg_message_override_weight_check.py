"""A conv overrides the base's `message`; the override rejects negative edge weights with a value test."""
import torch
from torch import nn

from b13_quiet_pyg_base import MessagePassing


class WeightedConv(MessagePassing):
    def __init__(self, dim=4):
        super().__init__(aggr="sum")
        self.lin = nn.Linear(dim, dim)

    def message(self, x_j, edge_weight=None):
        if edge_weight is not None and edge_weight.min() < 0:  # known-miss: CL101
            edge_weight = edge_weight.clamp(min=0)
        return super().message(x_j, edge_weight)

    def forward(self, x, edge_index, edge_weight):
        return self.propagate(edge_index, self.lin(x), edge_weight)


def example():
    return WeightedConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]), torch.rand(3))
