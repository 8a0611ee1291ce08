"""A GraphSAGE-style layer sorts its edges by destination with the utils file's `sort_edge_index`, passing the
node count as `x.size(0)`; the helper indexes rows by `int(sort_by_row)` of a Python bool (compiles)."""
import torch
from torch import nn

from b28_pyg_utils import sort_edge_index


class SAGEConv(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin_l = nn.Linear(dim, dim)
        self.lin_r = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        edge_index = sort_edge_index(edge_index, x.size(0), sort_by_row=False)
        src, dst = edge_index
        agg = torch.zeros_like(x).index_add_(0, dst, x[src])
        deg = torch.zeros(x.size(0)).index_add_(0, dst, torch.ones(dst.size(0))).clamp(min=1)
        return self.lin_l(agg / deg.unsqueeze(-1)) + self.lin_r(x)


def example():
    return SAGEConv(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3, 0], [1, 2, 3, 0, 2]]))
