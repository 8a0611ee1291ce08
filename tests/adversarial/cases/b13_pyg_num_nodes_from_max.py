"""The number of nodes is inferred from the largest index in a conditional expression after a size test."""
import torch
from torch import nn

from b13_quiet_pyg_base import MessagePassing, scatter_sum


class EdgeCountConv(MessagePassing):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        num_nodes = int(edge_index.max()) + 1 if edge_index.numel() > 0 else 0  # expect: CL111
        counts = scatter_sum(torch.ones(edge_index.size(1)), edge_index[1], num_nodes)
        return self.lin(x)[:num_nodes] * counts.view(-1, 1)


def example():
    return EdgeCountConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]))
