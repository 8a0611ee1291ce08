"""A convolution overriding the imported base's `update`: isolated nodes (in-degree 0) keep their own
features, found with nonzero(as_tuple=True)."""
import torch
from torch import nn

from b16_quiet_pyg_base import MessagePassing, degree


class KeepIsolatedConv(MessagePassing):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def update(self, aggr_out, x, edge_index):
        deg = degree(edge_index[1], x.size(0))
        isolated = torch.nonzero(deg == 0, as_tuple=True)[0]  # expect: CL121
        aggr_out = aggr_out.index_copy(0, isolated, x.index_select(0, isolated))
        return aggr_out

    def forward(self, x, edge_index):
        return self.propagate(edge_index, self.lin(x))


def example():
    return KeepIsolatedConv(), (torch.randn(4, 4), torch.tensor([[0, 1, 2], [1, 2, 1]]))
