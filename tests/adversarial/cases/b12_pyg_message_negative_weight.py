"""A weighted conv on the library's MessagePassing: `propagate` (in the base file) calls this `message`, which
rejects negative edge weights with a test on tensor values."""
import torch
from torch import nn

from b12_quiet_pyg_conv import MessagePassing


class WeightedConv(MessagePassing):
    def __init__(self, dim=4):
        super().__init__(aggr="add")
        self.lin = nn.Linear(dim, dim)

    def message(self, x_j, edge_weight=None, **kwargs):
        if edge_weight is not None and (edge_weight < 0).any():  # expect: CL101
            raise ValueError("edge weights must be non-negative")
        return x_j if edge_weight is None else x_j * edge_weight.view(-1, 1)

    def forward(self, x, edge_index, edge_weight=None):
        return self.propagate(edge_index, x=self.lin(x), edge_weight=edge_weight)


def example():
    edge_index = torch.tensor([[0, 1, 2], [1, 2, 0]])
    return WeightedConv(), (torch.randn(3, 4), edge_index, torch.rand(3))
