"""Bipartite message passing: `isinstance(x, torch.Tensor)` turns a single feature tensor into a pair, and a
`size` tuple of Python ints is filled from shapes."""
from typing import Optional, Tuple, Union

import torch
from torch import Tensor, nn


class SAGEConv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin_l = nn.Linear(dim, dim)
        self.lin_r = nn.Linear(dim, dim)

    def forward(self, x: Union[Tensor, Tuple[Tensor, Optional[Tensor]]], edge_index: Tensor, size=None):
        if isinstance(x, Tensor):
            x = (x, x)
        if size is None:
            size = (x[0].size(0), x[1].size(0) if x[1] is not None else x[0].size(0))
        msg = x[0][edge_index[0]]
        out = msg.new_zeros(size[1], msg.size(-1)).index_add_(0, edge_index[1], msg)
        out = self.lin_l(out)
        if x[1] is not None:
            out = out + self.lin_r(x[1])
        return out


def example():
    return SAGEConv(), (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
