"""`add_self_loops` takes the node count from `x.size(0)`, so `maybe_num_nodes` returns at its first test and
never reaches the `index.max()` read."""
import torch
from torch import nn

from b12_quiet_pyg_conv import MessagePassing


def maybe_num_nodes(edge_index, num_nodes=None):
    if num_nodes is not None:
        return num_nodes
    return int(edge_index.max()) + 1 if edge_index.numel() > 0 else 0


def add_self_loops(edge_index, num_nodes=None):
    n = maybe_num_nodes(edge_index, num_nodes)
    loop = torch.arange(n, device=edge_index.device).view(1, -1).repeat(2, 1)
    return torch.cat([edge_index, loop], dim=1)


class GCNLikeConv(MessagePassing):
    def __init__(self, dim=4, add_loops=True):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.add_loops = add_loops

    def forward(self, x, edge_index):
        if self.add_loops:
            edge_index = add_self_loops(edge_index, num_nodes=x.size(0))
        return self.propagate(edge_index, x=self.lin(x))


def example():
    return GCNLikeConv(), (torch.randn(3, 4), torch.tensor([[0, 1], [1, 2]]))
