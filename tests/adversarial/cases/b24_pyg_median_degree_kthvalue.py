"""A degree-aware normaliser divides by the median degree of the non-isolated nodes, found with
`torch.kthvalue` at half their count."""
import torch
from torch import nn


class MedianDegreeNorm(nn.Module):
    def forward(self, x, edge_index):
        row = edge_index[0]
        deg = torch.zeros(x.size(0)).index_add_(0, row, torch.ones(row.numel()))
        k = (deg > 0).sum() // 2 + 1
        median = torch.kthvalue(deg, k).values  # expect: CL124
        return x / median.clamp(min=1.0)


def example():
    return MedianDegreeNorm(), (torch.randn(4, 3), torch.tensor([[0, 0, 1, 2], [1, 2, 0, 0]]))
