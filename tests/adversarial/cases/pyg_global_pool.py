"""Global mean/max pooling with the batch size given or computed as `int(batch.max()) + 1`."""
import torch
from torch import nn


def scatter(src, index, dim=0, dim_size=None, reduce="sum"):
    if dim_size is None:
        dim_size = int(index.max()) + 1 if index.numel() > 0 else 0  # known-fp: CL111
    size = list(src.size())
    size[dim] = dim_size
    index = index.view([-1] + [1] * (src.dim() - 1)).expand_as(src)
    if reduce == "sum" or reduce == "add":
        return src.new_zeros(size).scatter_add_(dim, index, src)
    if reduce == "mean":
        count = src.new_zeros(size).scatter_add_(dim, index, torch.ones_like(src))
        return src.new_zeros(size).scatter_add_(dim, index, src) / count.clamp(min=1)
    if reduce == "max":
        return src.new_zeros(size).scatter_reduce_(dim, index, src, reduce="amax", include_self=False)
    raise ValueError(f"Encountered invalid `reduce` argument '{reduce}'")


def global_mean_pool(x, batch, size=None):
    dim = -1 if isinstance(x, torch.Tensor) and x.dim() == 1 else -2
    if batch is None:
        return x.mean(dim=dim, keepdim=x.dim() <= 2)
    return scatter(x, batch, dim=0, dim_size=size, reduce="mean")


def global_max_pool(x, batch, size=None):
    if batch is None:
        return x.max(dim=-2, keepdim=x.dim() <= 2)[0]
    size = int(batch.max().item() + 1) if size is None else size  # expect: CL111
    return scatter(x, batch, dim=0, dim_size=size, reduce="max")


class Readout(nn.Module):
    def forward(self, x, batch, num_graphs):
        mean = global_mean_pool(x, batch, num_graphs)
        return mean + global_max_pool(x, batch)


def example():
    return Readout(), (torch.randn(5, 3), torch.tensor([0, 0, 1, 1, 1]), 2)
