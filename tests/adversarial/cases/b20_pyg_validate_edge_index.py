"""A checked data object (a subclass of the utils file's data class) validates its edge indices against
`num_nodes` before a message-passing layer runs; the layer calls `validate()` when asked to."""
import torch
from torch import nn

from b20_pyg_utils import GraphData


class CheckedData(GraphData):
    def validate(self):
        if self.edge_index.numel() > 0 and self.edge_index.max() >= self.num_nodes:  # known-miss: CL101
            raise ValueError("edge_index holds an index past num_nodes")
        return True


class CheckedConv(nn.Module):
    def __init__(self, dim=4, check=True):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.check = check

    def forward(self, data):
        if self.check:
            data.validate()
        row, col = data.edge_index
        return torch.zeros_like(data.x).index_add_(0, col, self.lin(data.x)[row])


def example():
    return CheckedConv(), (CheckedData(x=torch.randn(3, 4), edge_index=torch.tensor([[0, 1, 2], [1, 2, 0]])),)
