"""Softmax by groups: with `index` and a known node count it is scatter-amax / exp / scatter-add and compiles;
with a CSR `ptr` the per-group counts are expanded with repeat_interleave (tensor repeats, no output_size),
a data-dependent size."""
import torch
from torch import nn


def scatter_max(src, index, dim_size):
    out = torch.full((dim_size,) + src.shape[1:], float("-inf"), dtype=src.dtype)
    idx = index.view(-1, *([1] * (src.dim() - 1))).expand_as(src)
    return out.scatter_reduce(0, idx, src, reduce="amax", include_self=True)


def scatter_sum(src, index, dim_size):
    out = torch.zeros((dim_size,) + src.shape[1:], dtype=src.dtype)
    return out.index_add(0, index, src)


def softmax(src, index=None, ptr=None, num_nodes=None, dim=0):
    if ptr is not None:
        dim = dim + src.dim() if dim < 0 else dim
        count = ptr[1:] - ptr[:-1]
        group = torch.repeat_interleave(torch.arange(count.numel()), count)  # known-miss: CL121
        src_max = scatter_max(src.detach(), group, count.numel()).index_select(dim, group)
        out = (src - src_max).exp()
        out_sum = scatter_sum(out, group, count.numel()).index_select(dim, group) + 1e-16
    elif index is not None:
        N = num_nodes if num_nodes is not None else src.size(dim)
        src_max = scatter_max(src.detach(), index, N).index_select(dim, index)
        out = (src - src_max).exp()
        out_sum = scatter_sum(out, index, N).index_select(dim, index) + 1e-16
    else:
        raise NotImplementedError("'softmax' requires 'index' to be specified")
    return out / out_sum


class AttentionPool(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.gate = nn.Linear(dim, 1)

    def forward(self, x, index, ptr):
        gate = self.gate(x)
        a = softmax(gate, index, num_nodes=3)
        b = softmax(gate, ptr=ptr)
        return a * x, b * x


def example():
    index = torch.tensor([0, 0, 1, 1, 2])
    return AttentionPool(), (torch.randn(5, 4), index, torch.tensor([0, 2, 4, 5]))
