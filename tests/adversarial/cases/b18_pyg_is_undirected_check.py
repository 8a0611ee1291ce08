"""A convolution that validates its input once per call when `validate` is set: is_undirected compares the
edge list with its transpose by torch.equal after sorting both."""
import torch
from torch import nn

from b18_pyg_utils import scatter_sum


def _sorted_edges(edge_index, num_nodes):
    key = edge_index[0] * num_nodes + edge_index[1]
    return edge_index[:, key.argsort()]


def is_undirected(edge_index, num_nodes):
    fwd = _sorted_edges(edge_index, num_nodes)
    bwd = _sorted_edges(edge_index.flip(0), num_nodes)
    return torch.equal(fwd, bwd)  # expect: CL102


class SymmetricConv(nn.Module):
    def __init__(self, dim=4, validate=True):
        super().__init__()
        self.validate = validate
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        if self.validate and not is_undirected(edge_index, x.size(0)):
            raise ValueError("expected an undirected graph")
        return scatter_sum(self.lin(x).index_select(0, edge_index[0]), edge_index[1], x.size(0))


def example():
    return SymmetricConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 1, 2], [1, 0, 2, 1]]))
