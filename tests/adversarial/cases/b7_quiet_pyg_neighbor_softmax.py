"""Softmax over each node's incoming edges with the node count given (`num_nodes=x.size(0)`): the maximum per
node by `scatter_reduce(..., "amax")`, subtracted through `index_select`, and the sum by `index_add`."""
import torch
from torch import nn


def softmax(src, index, num_nodes: int):
    size = (num_nodes,) + tuple(src.shape[1:])
    src_max = src.new_full(size, float("-inf")).scatter_reduce(0, index[:, None].expand_as(src), src, "amax",
                                                               include_self=True)
    out = (src - src_max.index_select(0, index)).exp()
    out_sum = src.new_zeros(size).index_add_(0, index, out) + 1e-16
    return out / out_sum.index_select(0, index)


class GATLayer(nn.Module):
    def __init__(self, dim=3, heads=2):
        super().__init__()
        self.heads = heads
        self.lin = nn.Linear(dim, heads * dim)
        self.att = nn.Parameter(torch.randn(1, heads, dim))

    def forward(self, x, edge_index):
        n = x.size(0)
        h = self.lin(x).view(n, self.heads, -1)
        src, dst = edge_index
        alpha = ((h[src] + h[dst]) * self.att).sum(-1)
        alpha = softmax(torch.nn.functional.leaky_relu(alpha, 0.2), dst, num_nodes=n)
        out = h.new_zeros(h.shape).index_add_(0, dst, alpha[..., None] * h[src])
        return out.mean(1)


def example():
    return GATLayer(), (torch.randn(3, 3), torch.tensor([[0, 1, 2, 0], [1, 2, 0, 2]]))
