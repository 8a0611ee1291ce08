"""A graph convolution sums messages with the utils file's `scatter_sum` without passing the node count, so the
helper sizes the output from the index (the break is the utils file's line)."""
import torch
from torch import nn

from b26_pyg_utils import scatter_sum


class SumConv(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        src, dst = edge_index
        return self.lin(x) + scatter_sum(x.index_select(0, src), dst)


def example():
    return SumConv(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
