"""Pre-processing as a tuple of (name, function) pairs applied in order inside the conv; the coalescing step
removes duplicate edges with `torch.unique(..., dim=1)`."""
import torch
from torch import nn

from b14_quiet_pyg_utils import add_self_loops, scatter_sum, to_undirected


def coalesce(edge_index, num_nodes):
    return torch.unique(edge_index, dim=1)  # known-miss: CL121


def self_loops(edge_index, num_nodes):
    return add_self_loops(edge_index, num_nodes)


EDGE_TRANSFORMS = (("undirected", lambda ei, n: to_undirected(ei, n)), ("coalesce", coalesce),
                   ("self_loops", self_loops))


class SimpleConv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        for _, transform in EDGE_TRANSFORMS:
            edge_index = transform(edge_index, x.size(0))
        src, dst = edge_index
        return scatter_sum(self.lin(x).index_select(0, src), dst, x.size(0))


def example():
    return SimpleConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 1], [1, 2, 2]]))
