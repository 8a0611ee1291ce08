"""A graph-attention softmax over incoming edges: the per-node maximum by `scatter_reduce("amax",
include_self=False)`, the sum by `index_add`, the node count given."""
import torch
from torch import nn


def softmax(src, index, num_nodes):
    src_max = src.new_full((num_nodes,), float("-inf")).scatter_reduce(0, index, src, "amax", include_self=False)
    out = (src - src_max.index_select(0, index)).exp()
    denom = out.new_zeros(num_nodes).index_add(0, index, out)
    return out / (denom.index_select(0, index) + 1e-16)


class EdgeAttention(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.att = nn.Linear(2 * dim, 1)

    def forward(self, x, edge_index):
        src, dst = edge_index
        alpha = self.att(torch.cat([x[src], x[dst]], -1)).squeeze(-1)
        alpha = softmax(alpha, dst, x.size(0))
        return torch.zeros_like(x).index_add_(0, dst, x[src] * alpha.unsqueeze(-1))


def example():
    return EdgeAttention(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 1, 3, 0]]))
