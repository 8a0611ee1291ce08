"""The convolution's twin: `scatter_sum` gets `dim_size=x.size(0)`, and the degree helper the same count."""
import torch
from torch import nn

from b26_pyg_utils import degree, scatter_sum


class MeanConv(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        src, dst = edge_index
        n = x.size(0)
        summed = scatter_sum(x.index_select(0, src), dst, dim_size=n)
        deg = degree(dst, n, dtype=x.dtype).clamp(min=1).unsqueeze(-1)
        return self.lin(x) + summed / deg


def example():
    return MeanConv(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
