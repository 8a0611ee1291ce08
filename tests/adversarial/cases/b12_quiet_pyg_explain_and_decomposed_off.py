"""The base file's explain path (sigmoid of an edge mask, a size test, a concatenation) and its decomposed-layer
switch are both off; the conv's own message uses an edge attribute projection."""
import torch
from torch import nn

from b12_quiet_pyg_conv import MessagePassing


class EdgeConv(MessagePassing):
    def __init__(self, dim=4, edge_dim=2):
        super().__init__(aggr="mean")
        self.lin = nn.Linear(dim, dim)
        self.lin_edge = nn.Linear(edge_dim, dim) if edge_dim is not None else None

    def message(self, x_j, edge_attr=None, **kwargs):
        if self.lin_edge is not None and edge_attr is not None:
            x_j = x_j + self.lin_edge(edge_attr)
        return x_j.relu()

    def forward(self, x, edge_index, edge_attr=None):
        return self.propagate(edge_index, x=self.lin(x), edge_attr=edge_attr)


def example():
    return EdgeConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]), torch.randn(3, 2))
