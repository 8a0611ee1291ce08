"""Mean aggregation written with index_add_ and a clamped count compiles; the in-degree histogram from
torch.bincount (even with minlength) has a data-dependent size."""
import torch
from torch import nn


class MeanAggregation(nn.Module):
    def forward(self, src, index, dim_size: int):
        out = torch.zeros(dim_size, src.size(-1), dtype=src.dtype).index_add_(0, index, src)
        count = torch.zeros(dim_size, dtype=src.dtype).index_add_(0, index, torch.ones_like(index, dtype=src.dtype))
        out = out / count.clamp(min=1).unsqueeze(-1)
        deg = torch.bincount(index, minlength=dim_size)  # expect: CL121
        return out, deg


def example():
    return MeanAggregation(), (torch.randn(5, 3), torch.tensor([0, 1, 1, 2, 2]), 4)
