"""A dataclass built in compiled code runs the `__init__` that `dataclasses` writes, and that `__init__` calls
`__post_init__`: a sparse-index container that validates its indices there breaks on the data-dependent check
(sky-vgl's SparseTensor, built by every edge softmax). A dataclass with `init=False` and its own `__init__`, and a
plain class whose `__post_init__` nobody calls, never run theirs: nothing to report there."""
from dataclasses import dataclass
import dataclasses

import torch
from torch import nn


@dataclass(frozen=True)
class Indices:
    size: int
    row: torch.Tensor

    def __post_init__(self) -> None:
        self._check(self.row.to(dtype=torch.long))

    def _check(self, row: torch.Tensor) -> None:
        if ((row < 0) | (row >= self.size)).any():  # expect: CL101
            raise ValueError("row indices out of bounds")


@dataclasses.dataclass(init=False)
class Declared:
    row: torch.Tensor

    def __init__(self, row):
        self.row = row

    def __post_init__(self) -> None:
        if (self.row < 0).any():
            raise ValueError("never called: init=False and an own __init__")


class Plain:
    def __init__(self, row):
        self.row = row

    def __post_init__(self) -> None:
        if (self.row < 0).any():
            raise ValueError("never called: not a dataclass")


class Degree(nn.Module):
    def forward(self, x, edge_index):
        checked = Indices(x.size(0), edge_index[0])
        declared, plain = Declared(edge_index[1]), Plain(edge_index[1])
        out = torch.zeros_like(x)
        out.index_add_(0, checked.row, x[declared.row] + x[plain.row])
        return out


def example():
    return Degree(), (torch.randn(5, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 4]]))
