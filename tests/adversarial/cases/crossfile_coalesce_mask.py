"""Coalescing and deduplicating edge lists as a graph library does: the keep-mask is built by concatenating a leading
`True` with the comparison of neighbouring sorted keys (`torch.cat([torch.ones(1, dtype=torch.bool), a != b])`),
by stacking masks, or by either that or an all-`True` mask in two branches: a boolean tensor, so indexing by it has a
data-dependent length; beside concatenations that promote to an integer tensor (an offset table starting at 0, a
leading True beside differences), whose indexing compiles."""
import torch
from torch import nn


def coalesce(edge_index, edge_weight, num_nodes: int):
    key = edge_index[0] * num_nodes + edge_index[1]
    key, perm = key.sort()
    edge_index, edge_weight = edge_index[:, perm], edge_weight[perm]
    if key.numel() < 2:
        keep = torch.ones(key.numel(), dtype=torch.bool, device=key.device)
    else:
        keep = torch.cat([torch.ones(1, dtype=torch.bool, device=key.device), key[1:] != key[:-1]])
    return edge_index[:, keep], edge_weight[keep]  # expect: CL122


def first_of_runs(values):
    values, _ = values.sort()
    starts = torch.cat([values.new_ones(1, dtype=torch.bool), values[1:] > values[:-1]], dim=0)
    return values[starts]  # expect: CL122


def both_positive(a, b):
    pair = torch.stack([a, b])
    return pair[torch.stack([a > 0, b > 0])]  # expect: CL122


def segment_starts(sizes, x):
    ptr = torch.cat([torch.zeros(1, dtype=torch.long), sizes.cumsum(0)[:-1]])
    steps = torch.cat([torch.ones(1, dtype=torch.bool), sizes[1:] - sizes[:-1]])
    return x[ptr] + x[steps]


class Dedup(nn.Module):
    def forward(self, x, edge_index, edge_weight, sizes):
        edge_index, edge_weight = coalesce(edge_index, edge_weight, x.shape[0])
        out = torch.zeros_like(x).index_add_(0, edge_index[1], x[edge_index[0]] * edge_weight[:, None])
        return out + first_of_runs(x.sum(1)).sum() + both_positive(x[:, 0], x[:, 1]).sum() + segment_starts(sizes, x)


def example():
    edge_index = torch.tensor([[0, 1, 1, 2, 0], [1, 2, 2, 3, 1]])
    return Dedup(), (torch.randn(4, 3), edge_index, torch.rand(5), torch.tensor([1, 1, 1, 1]))
