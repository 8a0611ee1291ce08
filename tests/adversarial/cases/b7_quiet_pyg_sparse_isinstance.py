"""A conv layer that accepts either a dense edge index or a project sparse-adjacency class, dispatching with
`isinstance(edge_index, SparseAdj)`; the dense path gathers and scatters with sizes from `x.size(0)`."""
import torch
from torch import nn


class SparseAdj:
    def __init__(self, row, col, size):
        self.row, self.col, self.size = row, col, size

    def matmul(self, x):
        return torch.zeros(self.size, x.size(-1)).index_add_(0, self.row, x[self.col])


class SAGEConv(nn.Module):
    def __init__(self, dim=3, normalize=True):
        super().__init__()
        self.lin_l = nn.Linear(dim, dim)
        self.lin_r = nn.Linear(dim, dim)
        self.normalize = normalize

    def aggregate(self, x, edge_index):
        if isinstance(edge_index, SparseAdj):
            return edge_index.matmul(x)
        src, dst = edge_index
        summed = x.new_zeros(x.size(0), x.size(1)).index_add_(0, dst, x[src])
        count = x.new_zeros(x.size(0)).index_add_(0, dst, x.new_ones(dst.size(0))).clamp(min=1)
        return summed / count[:, None]

    def forward(self, x, edge_index):
        out = self.lin_l(self.aggregate(x, edge_index)) + self.lin_r(x)
        if self.normalize:
            out = torch.nn.functional.normalize(out, p=2.0, dim=-1)
        return out


def example():
    return SAGEConv(), (torch.randn(3, 3), torch.tensor([[0, 1, 2], [1, 2, 0]]))
