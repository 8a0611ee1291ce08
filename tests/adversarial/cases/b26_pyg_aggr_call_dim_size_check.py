"""An aggregation base class validates its inputs in `__call__` (the subclass only writes `forward`): the check
compares the Python `dim_size` with the largest index."""
import torch
from torch import nn


class Aggregation(nn.Module):
    def __call__(self, x, index, dim_size=None):
        if dim_size is not None and index.numel() > 0 and dim_size <= index.max():  # expect: CL101
            raise ValueError("dim_size too small for index")
        return super().__call__(x, index, dim_size)


class SumAggregation(Aggregation):
    def forward(self, x, index, dim_size=None):
        return x.new_zeros(dim_size, x.size(1)).index_add_(0, index, x)


class Net(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.aggr = SumAggregation()

    def forward(self, x, index):
        return self.aggr(self.lin(x), index, dim_size=x.size(0))


def example():
    return Net(), (torch.randn(4, 3), torch.tensor([0, 1, 1, 3]))
