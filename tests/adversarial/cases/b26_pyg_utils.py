"""A graph library's utils file for batch 26: a `scatter_sum` that sizes its output from the index when no size is
given, a degree helper taking the node count, and an edge-dropout helper returning a boolean keep mask. The other
b26 graph cases import it; its example sums messages without giving the size."""
import torch
from torch import nn


def scatter_sum(src, index, dim_size=None):
    if dim_size is None:
        dim_size = index.max() + 1
    out = src.new_zeros((dim_size, src.size(-1)))  # expect: CL124
    return out.index_add_(0, index, src)


def degree(index, num_nodes, dtype=None):
    out = torch.zeros(num_nodes, dtype=dtype, device=index.device)
    return out.scatter_add_(0, index, torch.ones_like(index, dtype=out.dtype))


def keep_edges_mask(num_edges, p, training, device=None):
    if not training or p == 0.0:
        return torch.ones(num_edges, dtype=torch.bool, device=device)
    return torch.rand(num_edges, device=device) >= p


class _UtilsDemo(nn.Module):
    def forward(self, x, edge_index):
        return scatter_sum(x[edge_index[0]], edge_index[1])


def example():
    return _UtilsDemo(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
