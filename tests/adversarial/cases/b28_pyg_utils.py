"""A graph library's utils file for batch 28: `one_hot` that sizes itself from the index when no class count is
given, an `Aggregation` base class whose `assert_sorted_index` checks the index with `torch.all` and whose
`assert_two_dimensional_input` checks a shape, and `sort_edge_index` indexing rows by `int(sort_by_row)` of a
Python bool. The other b28 graph cases import it; its example uses all three."""
import torch
from torch import Tensor, nn


def one_hot(index: Tensor, num_classes=None, dtype=None) -> Tensor:
    if num_classes is None:
        num_classes = int(index.max()) + 1  # expect: CL111
    out = torch.zeros((index.size(0), num_classes), dtype=dtype or torch.float, device=index.device)
    return out.scatter_(1, index.unsqueeze(1), 1)


def sort_edge_index(edge_index: Tensor, num_nodes: int, sort_by_row: bool = True) -> Tensor:
    idx = edge_index[1 - int(sort_by_row)] * num_nodes + edge_index[int(sort_by_row)]
    perm = idx.argsort()
    return edge_index[:, perm]


class Aggregation(nn.Module):
    def assert_sorted_index(self, index):
        if index is not None and not torch.all(index[:-1] <= index[1:]):  # expect: CL101
            raise ValueError("Can not perform aggregation since the 'index' tensor is not sorted.")

    def assert_two_dimensional_input(self, x: Tensor, dim: int):
        if x.dim() != 2:
            raise ValueError(f"Aggregation requires two-dimensional inputs (got '{x.dim()}')")
        if dim not in [-2, 0]:
            raise ValueError(f"Aggregation needs to perform aggregation in first dimension (got '{dim}')")

    def forward(self, x, index, dim_size):
        raise NotImplementedError


class _SumSorted(Aggregation):
    def forward(self, x, index, dim_size):
        self.assert_two_dimensional_input(x, -2)
        self.assert_sorted_index(index)
        return x.new_zeros(dim_size, x.size(-1)).index_add_(0, index, x)


class _UtilsDemo(nn.Module):
    def __init__(self):
        super().__init__()
        self.aggr = _SumSorted()

    def forward(self, x, y, edge_index, batch):
        edge_index = sort_edge_index(edge_index, x.size(0))
        return self.aggr(x, batch, 2), one_hot(y), edge_index


def example():
    return _UtilsDemo(), (torch.randn(4, 3), torch.tensor([0, 2, 1, 2]), torch.tensor([[1, 0, 3, 2], [0, 1, 2, 3]]),
                          torch.tensor([0, 0, 1, 1]))
