"""A node classifier reads `num_nodes` of the utils file's data object that stores a feature matrix: the property
returns its first dimension (a shape), and the model builds a degree vector with it."""
import torch
from torch import nn

from b20_pyg_utils import GraphData


class DegreeAwareConv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim + 1, dim)

    def forward(self, data):
        n = data.num_nodes
        deg = torch.zeros(n).index_add_(0, data.edge_index[1], torch.ones(data.edge_index.size(1)))
        return self.lin(torch.cat([data.x, deg[:, None]], dim=-1))


def example():
    return DegreeAwareConv(), (GraphData(x=torch.randn(4, 4), edge_index=torch.tensor([[0, 1, 2], [1, 2, 3]])),)
