"""Max aggregation with scatter_reduce (amax, include_self=False) into a dim_size taken from x; a reduce
name picked by a string attribute; empty segments cleaned with torch.where."""
import torch
from torch import nn


def scatter(src, index, dim_size, reduce="sum"):
    size = (dim_size,) + src.shape[1:]
    out = src.new_zeros(size)
    idx = index.view(-1, *([1] * (src.dim() - 1))).expand_as(src)
    if reduce == "sum":
        return out.scatter_add_(0, idx, src)
    if reduce in ("max", "amax"):
        return out.scatter_reduce_(0, idx, src, reduce="amax", include_self=False)
    if reduce == "mean":
        count = src.new_zeros(dim_size).index_add_(0, index, src.new_ones(index.numel()))
        return out.scatter_add_(0, idx, src) / count.clamp(min=1).view(-1, *([1] * (src.dim() - 1)))
    raise ValueError(f"unknown reduce {reduce}")


class MaxAggr(nn.Module):
    def __init__(self, aggr="max"):
        super().__init__()
        self.aggr = aggr

    def forward(self, x, edge_index):
        msg = x[edge_index[0]]
        out = scatter(msg, edge_index[1], dim_size=x.size(0), reduce=self.aggr)
        return torch.where(torch.isfinite(out), out, torch.zeros_like(out))


def example():
    return MaxAggr(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 1, 3, 0]]))
