"""`remove_self_loops` keeps the edges whose ends differ with a boolean mask read, called from the conv's
forward before propagating."""
import torch
from torch import nn

from b13_quiet_pyg_base import MessagePassing


def remove_self_loops(edge_index, edge_attr=None):
    mask = edge_index[0] != edge_index[1]
    edge_index = edge_index[:, mask]  # expect: CL122
    return edge_index, edge_attr if edge_attr is None else edge_attr[mask]


class LoopFreeConv(MessagePassing):
    def __init__(self, dim=4):
        super().__init__(aggr="mean")
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        edge_index, _ = remove_self_loops(edge_index)
        return self.propagate(edge_index, self.lin(x))


def example():
    return LoopFreeConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2, 2], [1, 2, 0, 2]]))
