"""The power-mean aggregation spelled as the library spells it: `if not isinstance(p, (int, float)) or p != 1:`.
With a learnable `p` the isinstance test already answers True and `or` never compares the Parameter; with a
Python `p` the comparison is a Python one (compiles)."""
import torch
from torch import nn


class PowerMeanAggregation(nn.Module):
    def __init__(self, p=1.0, learn=False):
        super().__init__()
        self.p = nn.Parameter(torch.tensor(p)) if learn else p

    def forward(self, x, index, dim_size):
        p = self.p
        if not isinstance(p, (int, float)) or p != 1:
            x = x.clamp(min=0, max=100).pow(p)
        s = x.new_zeros(dim_size, x.size(-1)).index_add_(0, index, x)
        c = x.new_zeros(dim_size).index_add_(0, index, x.new_ones(x.size(0))).clamp(min=1)
        out = s / c.unsqueeze(-1)
        if not isinstance(p, (int, float)) or p != 1:
            out = out.clamp(min=0, max=100).pow(1.0 / p)
        return out


class TwoAggr(nn.Module):
    def __init__(self):
        super().__init__()
        self.learned = PowerMeanAggregation(2.0, learn=True)
        self.fixed = PowerMeanAggregation(1.0)

    def forward(self, x, index):
        x = x.abs() + 1e-7
        return self.learned(x, index, 3) + self.fixed(x, index, 3)


def example():
    return TwoAggr(), (torch.randn(4, 3), torch.tensor([0, 2, 0, 1]))
