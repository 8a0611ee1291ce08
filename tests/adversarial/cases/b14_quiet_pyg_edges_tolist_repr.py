"""`edge_index.tolist()` only in `__repr__` and an export method forward never calls; forward counts degrees
with `index_add_`."""
import torch
from torch import nn


class NeighborCount(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.last_edges = None

    def __repr__(self):
        edges = [] if self.last_edges is None else self.last_edges.t().tolist()
        return f"NeighborCount(edges={edges})"

    def export_adjacency(self, edge_index):
        return {src: dst for src, dst in getattr(edge_index.t(), "tolist")()}

    def forward(self, x, edge_index):
        out_degree = x.new_zeros(x.size(0)).index_add_(0, edge_index[0], x.new_ones(edge_index.size(1)))
        return self.lin(x) * out_degree.unsqueeze(-1)


def example():
    return NeighborCount(), (torch.randn(3, 4), torch.tensor([[0, 1, 1], [1, 2, 0]]))
