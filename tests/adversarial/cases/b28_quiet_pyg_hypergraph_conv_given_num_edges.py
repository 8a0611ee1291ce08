"""The hypergraph convolution when the caller passes the hyperedge count as a Python int: degrees inverted
with `D[D == inf] = 0` mask writes (compiles)."""
import torch
from torch import nn


class HypergraphConv(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim, bias=False)

    def forward(self, x, hyperedge_index, num_edges: int = 2):
        hyperedge_weight = x.new_ones(num_edges)
        x = self.lin(x)
        node, edge = hyperedge_index
        D = torch.zeros(x.size(0)).index_add_(0, node, hyperedge_weight[edge])
        D = 1.0 / D
        D[D == float("inf")] = 0
        e = torch.zeros(num_edges, x.size(1)).index_add_(0, edge, x[node])
        return torch.zeros_like(x).index_add_(0, node, e[edge] * D[node].unsqueeze(-1))


def example():
    return HypergraphConv(), (torch.randn(5, 3), torch.tensor([[0, 1, 2, 1, 2, 3], [0, 0, 0, 1, 1, 1]]))
