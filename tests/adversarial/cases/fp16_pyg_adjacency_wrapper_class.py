"""The same dispatch on a project class that does exist: an edge-index wrapper whose constructor raises only on a
bad shape. The model builds one in forward, so the wrapper's branch runs and its warning breaks the graph."""
import warnings

import torch
from torch import Tensor, nn


class EdgeIndex:
    def __init__(self, edge_index: Tensor, num_nodes: int):
        if edge_index.dim() != 2:
            raise ValueError("edge_index must be two-dimensional")
        self.edge_index = edge_index
        self.num_nodes = num_nodes


class GraphConv(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.lin = nn.Linear(channels, channels)

    def aggregate(self, x: Tensor, adj):
        if isinstance(adj, EdgeIndex):
            warnings.warn("aggregating over a wrapped edge index")  # expect: CL131
            adj = adj.edge_index
        return torch.zeros_like(x).index_add_(0, adj[1], x.index_select(0, adj[0]))

    def forward(self, x: Tensor, edge_index: Tensor):
        return self.lin(self.aggregate(x, EdgeIndex(edge_index, x.size(0))))


def example():
    edge_index = torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]])
    return GraphConv(), (torch.randn(4, 4), edge_index)
