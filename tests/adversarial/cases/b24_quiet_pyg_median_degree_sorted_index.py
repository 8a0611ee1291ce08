"""A degree-aware normaliser takes the median degree by sorting and indexing at half the node count (a shape),
and `torch.kthvalue` with a Python k for the lower quartile."""
import torch
from torch import nn


class MedianDegreeNorm(nn.Module):
    def forward(self, x, edge_index):
        row = edge_index[0]
        deg = torch.zeros(x.size(0)).index_add_(0, row, torch.ones(row.numel()))
        median = deg.sort().values[deg.numel() // 2]
        quartile = torch.kthvalue(deg, max(deg.numel() // 4, 1)).values
        return x / (median + quartile).clamp(min=1.0)


def example():
    return MedianDegreeNorm(), (torch.randn(4, 3), torch.tensor([[0, 0, 1, 2], [1, 2, 0, 0]]))
