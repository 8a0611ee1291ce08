"""A hypergraph convolution counts hyperedges from the incidence index when there is one
(`int(hyperedge_index[1].max()) + 1` under a `numel()` test) and sizes its default weights by the count."""
import torch
from torch import nn


class HypergraphConv(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim, bias=False)

    def forward(self, x, hyperedge_index, hyperedge_weight=None):
        num_nodes = x.size(0)
        num_edges = 0
        if hyperedge_index.numel() > 0:
            num_edges = int(hyperedge_index[1].max()) + 1  # expect: CL111
        if hyperedge_weight is None:
            hyperedge_weight = x.new_ones(num_edges)
        x = self.lin(x)
        node, edge = hyperedge_index
        D = torch.zeros(num_nodes).index_add_(0, node, hyperedge_weight[edge])
        D = 1.0 / D
        D[D == float("inf")] = 0
        B = torch.zeros(num_edges).index_add_(0, edge, torch.ones_like(edge, dtype=x.dtype))
        B = 1.0 / B
        B[B == float("inf")] = 0
        e = torch.zeros(num_edges, x.size(1)).index_add_(0, edge, x[node] * B[edge].unsqueeze(-1))
        return torch.zeros_like(x).index_add_(0, node, e[edge] * D[node].unsqueeze(-1))


def example():
    return HypergraphConv(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 1, 2, 3], [0, 0, 0, 1, 1, 1]]))
