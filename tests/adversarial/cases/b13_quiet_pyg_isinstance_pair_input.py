"""Bipartite input as a pair or a single tensor (`isinstance`), optional edge attributes (None), and a
size argument that is a Python tuple."""
import torch
from torch import nn

from b13_quiet_pyg_base import scatter_sum


class BipartiteConv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin_src = nn.Linear(dim, dim)
        self.lin_dst = nn.Linear(dim, dim)

    def forward(self, x, edge_index, edge_attr=None, size=None):
        if isinstance(x, torch.Tensor):
            x = (x, x)
        x_src, x_dst = x
        num_dst = x_dst.size(0) if size is None else size[1]
        msg = self.lin_src(x_src)[edge_index[0]]
        if edge_attr is not None:
            msg = msg * edge_attr.view(-1, 1)
        return scatter_sum(msg, edge_index[1], num_dst) + self.lin_dst(x_dst)


def example():
    return BipartiteConv(), ((torch.randn(3, 4), torch.randn(2, 4)), torch.tensor([[0, 1, 2], [1, 0, 1]]))
