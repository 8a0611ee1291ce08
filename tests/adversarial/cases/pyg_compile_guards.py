"""is_compiling() guards around index validation, and torch.jit._overload stubs before the real function."""
from typing import Optional, Tuple

import torch
from torch import Tensor, nn


def is_compiling() -> bool:
    return torch.compiler.is_compiling()


@torch.jit._overload
def to_undirected(edge_index, edge_attr=None, num_nodes=None):
    # type: (Tensor, Optional[Tensor], Optional[int]) -> Tensor  # noqa
    pass


@torch.jit._overload
def to_undirected(edge_index, edge_attr, num_nodes=None):
    # type: (Tensor, Tensor, Optional[int]) -> Tuple[Tensor, Tensor]  # noqa
    pass


def to_undirected(edge_index, edge_attr=None, num_nodes=None):
    row, col = edge_index[0], edge_index[1]
    row, col = torch.cat([row, col], dim=0), torch.cat([col, row], dim=0)
    edge_index = torch.stack([row, col], dim=0)
    if edge_attr is not None:
        edge_attr = torch.cat([edge_attr, edge_attr], dim=0)
        return edge_index, edge_attr
    return edge_index


class Conv(nn.Module):
    def forward(self, x, edge_index):
        num_nodes = x.size(0)
        if not is_compiling() and edge_index.numel() > 0:
            if int(edge_index.min()) < 0 or int(edge_index.max()) >= num_nodes:
                raise IndexError(f"Found indices in 'edge_index' that are out of range (num_nodes={num_nodes})")
        edge_index = to_undirected(edge_index, num_nodes=num_nodes)
        return x.new_zeros(x.shape).index_add_(0, edge_index[1], x[edge_index[0]])


def example():
    return Conv(), (torch.randn(4, 2), torch.tensor([[0, 1, 2], [1, 2, 3]]))
