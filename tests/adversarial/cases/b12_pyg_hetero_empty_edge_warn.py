"""A heterogeneous wrapper keeps one conv per edge type in a ModuleDict keyed by the joined type; an edge type
without edges triggers `warnings.warn` (a shape test, so it is taken here)."""
import warnings

import torch
from torch import nn

from b12_quiet_pyg_conv import MessagePassing


class GraphConv(MessagePassing):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        return self.propagate(edge_index, x=self.lin(x))


class HeteroConv(nn.Module):
    def __init__(self, edge_types, dim=4):
        super().__init__()
        self.convs = nn.ModuleDict({"__".join(et): GraphConv(dim) for et in edge_types})

    def forward(self, x_dict, edge_index_dict):
        out = {}
        for edge_type, edge_index in edge_index_dict.items():
            src, _, dst = edge_type
            if edge_index.size(1) == 0:
                warnings.warn(f"edge type {edge_type} has no edges")  # expect: CL131
                continue
            out[dst] = self.convs["__".join(edge_type)](x_dict[src], edge_index)
        return out


def example():
    types = [("paper", "cites", "paper"), ("author", "writes", "paper")]
    edges = {types[0]: torch.tensor([[0, 1], [1, 0]]), types[1]: torch.zeros(2, 0, dtype=torch.long)}
    return HeteroConv(types), ({"paper": torch.randn(2, 4), "author": torch.randn(2, 4)}, edges)
