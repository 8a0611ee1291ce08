"""Edge dropout reached through a helper: it returns early unless training, and in training keeps edges with a
mask built from `torch.rand` used as an index (here in eval)."""
import torch
from torch import nn

from b12_quiet_pyg_conv import MessagePassing


def dropout_edge(edge_index, p=0.5, training=True):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1 (got {p})")
    if not training or p == 0.0:
        return edge_index, edge_index.new_ones(edge_index.size(1), dtype=torch.bool)
    edge_mask = torch.rand(edge_index.size(1)) >= p
    return edge_index[:, edge_mask], edge_mask  # known-fp: CL122


class DropConv(MessagePassing):
    def __init__(self, dim=4, p=0.2):
        super().__init__()
        self.p = p
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        edge_index, _ = dropout_edge(edge_index, p=self.p, training=self.training)
        return self.propagate(edge_index, x=self.lin(x))


def example():
    return DropConv().eval(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]))
