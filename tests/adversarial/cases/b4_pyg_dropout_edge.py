"""dropout_edge: argument validation on Python floats and the no-op path in eval compile; in training the
random keep mask is written through a mask (compiles) and then used to read `edge_index[:, edge_mask]`, a
data-dependent shape."""
import torch
from torch import nn


def dropout_edge(edge_index, p=0.5, force_undirected=False, training=True):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"Dropout probability has to be between 0 and 1 (got {p}")
    if not training or p == 0.0:
        edge_mask = edge_index.new_ones(edge_index.size(1), dtype=torch.bool)
        return edge_index, edge_mask
    row, col = edge_index
    edge_mask = torch.rand(row.size(0), device=edge_index.device) >= p
    if force_undirected:
        edge_mask[row > col] = False
    edge_index = edge_index[:, edge_mask]  # expect: CL122
    if force_undirected:
        edge_index = torch.cat([edge_index, edge_index.flip(0)], dim=1)
        edge_mask = edge_mask.nonzero().repeat((2, 1)).squeeze()
    return edge_index, edge_mask


class EdgeDrop(nn.Module):
    def __init__(self, p=0.3):
        super().__init__()
        self.p = p

    def forward(self, x, edge_index):
        edge_index, _ = dropout_edge(edge_index, p=self.p, training=self.training)
        return x, edge_index


def example():
    return EdgeDrop().train(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
