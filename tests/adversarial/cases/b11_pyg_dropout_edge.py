"""Edge dropout in a GCN-style layer while training: a random keep mask over the edges selects the
surviving rows and columns, so the number of edges depends on the draw."""
import torch
from torch import nn

from b11_pyg_utils import scatter


def dropout_edge(edge_index, p=0.5, training=True):
    if p < 0. or p > 1.:
        raise ValueError(f"Dropout probability has to be between 0 and 1 (got {p})")
    if not training or p == 0.0:
        edge_mask = edge_index.new_ones(edge_index.size(1), dtype=torch.bool)
        return edge_index, edge_mask
    row, col = edge_index
    edge_mask = torch.rand(row.size(0), device=edge_index.device) >= p
    row, col = row[edge_mask], col[edge_mask]  # expect: CL122
    return torch.stack([row, col], dim=0), edge_mask


class DropEdgeConv(nn.Module):
    def __init__(self, channels=4, p=0.3):
        super().__init__()
        self.lin = nn.Linear(channels, channels)
        self.p = p

    def forward(self, x, edge_index):
        edge_index, _ = dropout_edge(edge_index, p=self.p, training=self.training)
        h = self.lin(x)
        return scatter(h[edge_index[0]], edge_index[1], dim=0, dim_size=x.size(0), reduce="mean")


def example():
    edge_index = torch.tensor([[0, 1, 2, 3, 0], [1, 2, 3, 0, 2]])
    return DropEdgeConv(), (torch.randn(4, 4), edge_index)
