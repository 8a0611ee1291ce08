"""A sort aggregation subclasses the utils file's `Aggregation`; its forward calls the inherited
`assert_sorted_index` (a `torch.all` test of the index: the break is the utils file's line) and the
shape check before building its dense batch."""
import torch
from torch import nn

from b28_pyg_utils import Aggregation


class SortAggregation(Aggregation):
    def __init__(self, k=2):
        super().__init__()
        self.k = k

    def forward(self, x, index, dim_size):
        self.assert_two_dimensional_input(x, -2)
        self.assert_sorted_index(index)
        sums = x.new_zeros(dim_size, x.size(-1)).index_add_(0, index, x)
        return sums.sort(dim=-1, descending=True).values[:, : self.k]


class Readout(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)
        self.pool = SortAggregation()

    def forward(self, x, batch):
        return self.pool(self.lin(x), batch, 2)


def example():
    return Readout(), (torch.randn(5, 3), torch.tensor([0, 0, 1, 1, 1]))
