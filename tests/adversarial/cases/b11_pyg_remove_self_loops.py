"""A GIN-style convolution that drops self loops before aggregating: the loop mask selects columns of
`edge_index` (and rows of the edge weights), so the edge count depends on the data."""
from typing import Optional, Tuple

import torch
from torch import Tensor, nn

from b11_pyg_utils import scatter


def remove_self_loops(edge_index: Tensor, edge_attr: Optional[Tensor] = None) -> Tuple[Tensor, Optional[Tensor]]:
    mask = edge_index[0] != edge_index[1]
    edge_index = edge_index[:, mask]  # expect: CL122
    if edge_attr is None:
        return edge_index, None
    return edge_index, edge_attr[mask]


class GINConv(nn.Module):
    def __init__(self, channels=4, eps=0.0):
        super().__init__()
        self.nn = nn.Sequential(nn.Linear(channels, channels), nn.ReLU(), nn.Linear(channels, channels))
        self.eps = eps

    def propagate(self, edge_index, x, size):
        row, col = edge_index
        return scatter(x[row], col, dim=0, dim_size=size, reduce="sum")

    def forward(self, x, edge_index):
        edge_index, _ = remove_self_loops(edge_index)
        out = self.propagate(edge_index, x, x.size(0))
        return self.nn(out + (1 + self.eps) * x)


def example():
    edge_index = torch.tensor([[0, 1, 1, 2, 3], [1, 1, 2, 3, 0]])
    return GINConv(), (torch.randn(4, 4), edge_index)
