"""Segment softmax for attention coefficients; the segment count comes from the index's maximum via .item()."""
import torch
from torch import nn


def softmax(src, index, num_nodes=None):
    N = index.max().item() + 1 if num_nodes is None else num_nodes  # expect: CL111
    src_max = torch.full((N,), float("-inf")).scatter_reduce(0, index, src, reduce="amax", include_self=True)
    out = (src - src_max[index]).exp()
    denom = torch.zeros(N).index_add_(0, index, out)
    return out / (denom[index] + 1e-16)


class GATScore(nn.Module):
    def __init__(self):
        super().__init__()
        self.att = nn.Linear(8, 1)

    def forward(self, x, edge_index):
        alpha = self.att(torch.cat([x[edge_index[0]], x[edge_index[1]]], -1)).squeeze(-1)
        return softmax(alpha, edge_index[1])


def example():
    return GATScore(), (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 1]]))
