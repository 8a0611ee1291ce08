"""dropout_edge: a Bernoulli mask over edges, applied by boolean indexing of the edge list's columns."""
import torch
from torch import nn


def dropout_edge(edge_index, p=0.5, training=True):
    if not training or p == 0.0:
        return edge_index, edge_index.new_ones(edge_index.size(1), dtype=torch.bool)
    edge_mask = torch.rand(edge_index.size(1), device=edge_index.device) >= p
    return edge_index[:, edge_mask], edge_mask  # expect: CL122


class EdgeDropConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x, edge_index):
        edge_index, _ = dropout_edge(edge_index, p=0.3, training=self.training)
        h = self.lin(x)
        return torch.zeros_like(h).index_add_(0, edge_index[1], h[edge_index[0]])


def example():
    return EdgeDropConv().train(), (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
