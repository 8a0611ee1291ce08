"""Edge-list helpers that check their argument's type first, in the style of a graph library's utilities: after
`if not isinstance(edge_index, torch.Tensor): raise TypeError(...)` (or `if not torch.is_tensor(...): return`) the
parameter, annotated `Optional[Tensor]`, is a tensor, so reading its extremes as Python ints breaks; beside a size
guard that leaves a tuple, an int argument converted in the guard's own branch, and the extremes kept as tensors,
which compile."""
from typing import Optional, Tuple, Union

import torch
from torch import Tensor, nn


def validate_edge_index(edge_index: Optional[Tensor], num_nodes: int) -> Tensor:
    if not isinstance(edge_index, torch.Tensor):
        raise TypeError("edge_index must be a tensor")
    if edge_index.dim() != 2 or edge_index.size(0) != 2:
        raise ValueError("edge_index must have shape [2, E]")
    lo = int(edge_index.min())  # expect: CL111
    hi = int(edge_index.max())  # expect: CL111
    if lo < 0 or hi >= num_nodes:
        raise ValueError("edge_index out of range")
    return edge_index


def max_degree(index: Optional[Tensor], size: Union[int, Tensor]) -> int:
    if not torch.is_tensor(index):
        return 0
    if not isinstance(size, torch.Tensor):
        size = int(size)
    return int(index.max()) + size  # expect: CL111


def grid_shape(shape: Union[Tuple[int, int], Tensor]) -> Tuple[int, int]:
    if not isinstance(shape, (tuple, list)):
        raise TypeError("shape must be a tuple")
    return int(shape[0]), int(shape[1])


def span(edge_index: Optional[Tensor]) -> Tensor:
    if not isinstance(edge_index, Tensor):
        raise TypeError("edge_index must be a tensor")
    return edge_index.max() - edge_index.min()


class EdgeScorer(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, 1)

    def forward(self, x, edge_index):
        edge_index = validate_edge_index(edge_index, x.shape[0])
        rows, cols = grid_shape((x.shape[0], x.shape[1]))
        scores = self.lin(x[edge_index[0]] * x[edge_index[1]]).view(-1)
        return scores * span(edge_index) / rows / cols + max_degree(edge_index[0], x.shape[0])


def example():
    return EdgeScorer(), (torch.randn(5, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 4]]))
