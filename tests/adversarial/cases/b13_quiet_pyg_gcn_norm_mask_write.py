"""GCN normalisation: inverse square-root degrees with infinities zeroed by a boolean-mask write and
`masked_fill`; the edge count test is on a size."""
import torch
from torch import nn

from b13_quiet_pyg_base import MessagePassing, degree


class GCNConv(MessagePassing):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        num_edges = edge_index.size(1)
        if num_edges == 0:
            return self.lin(x)
        deg = degree(edge_index[1], x.size(0))
        deg_inv_sqrt = deg.pow(-0.5)
        deg_inv_sqrt[deg_inv_sqrt == float("inf")] = 0
        deg_inv_sqrt = deg_inv_sqrt.masked_fill(torch.isnan(deg_inv_sqrt), 0.0)
        norm = deg_inv_sqrt[edge_index[0]] * deg_inv_sqrt[edge_index[1]]
        return self.propagate(edge_index, self.lin(x), norm)


def example():
    return GCNConv(), (torch.randn(3, 4), torch.tensor([[0, 1], [1, 0]]))
