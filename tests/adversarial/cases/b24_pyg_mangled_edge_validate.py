"""An edge convolution validates its edge index in a private, name-mangled method (`self.__validate`) before
gathering messages."""
import torch
from torch import nn


class CheckedEdgeConv(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.mlp = nn.Linear(2 * dim, dim)

    def __validate(self, edge_index, num_nodes):
        if (edge_index >= num_nodes).any():  # expect: CL101
            raise IndexError("edge index out of range")

    def forward(self, x, edge_index):
        self.__validate(edge_index, x.size(0))
        row, col = edge_index
        msg = self.mlp(torch.cat([x[row], x[col] - x[row]], dim=-1))
        return torch.zeros_like(x).index_add_(0, col, msg)


def example():
    return CheckedEdgeConv(), (torch.randn(3, 3), torch.tensor([[0, 1, 2], [1, 2, 0]]))
