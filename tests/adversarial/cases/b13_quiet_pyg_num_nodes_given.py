"""`maybe_num_nodes` reads the largest index only when no count is given; forward always passes `x.size(0)`."""
import torch
from torch import nn

from b13_quiet_pyg_base import MessagePassing, scatter_sum


def maybe_num_nodes(edge_index, num_nodes=None):
    if num_nodes is not None:
        return num_nodes
    return int(edge_index.max()) + 1 if edge_index.numel() > 0 else 0


def add_self_loops(edge_index, num_nodes=None):
    n = maybe_num_nodes(edge_index, num_nodes)
    loop = torch.arange(n, device=edge_index.device)
    return torch.cat([edge_index, torch.stack([loop, loop])], dim=1)


class LoopConv(MessagePassing):
    def __init__(self, dim=4):
        super().__init__(aggr="mean")
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        edge_index = add_self_loops(edge_index, num_nodes=x.size(0))
        deg = scatter_sum(torch.ones(edge_index.size(1)), edge_index[1], x.size(0))
        return self.propagate(edge_index, self.lin(x)) * deg.view(-1, 1)


def example():
    return LoopConv(), (torch.randn(3, 4), torch.tensor([[0, 1], [1, 2]]))
