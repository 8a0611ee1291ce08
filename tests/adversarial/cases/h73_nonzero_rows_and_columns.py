"""Edge lists read off a dense adjacency with `argwhere` / `nonzero` (torch_geometric's `dense_to_sparse` idiom): the
table itself breaks (its size depends on the data), and what follows is a trap both ways. Walking its rows (each a
1-d pair of node ids) and indexing with a row is advanced indexing and compiles; the whole column (`[:, 0]`) indexes
by a 1-d tensor and compiles; `torch.where(c, a, b)` chooses values and compiles. Walking a column, each element is a
0-dim position, and indexing a tensor with one is a data-dependent read (GB0033)."""
import torch
from torch import Tensor, nn


class EdgeCounts(nn.Module):
    def forward(self, x: Tensor, adj: Tensor) -> Tensor:
        edges = torch.argwhere(adj > 0)  # expect: CL121
        counts = torch.zeros(x.shape[0], x.shape[0])
        for edge in edges:
            counts[edge[0:1], edge[1:2]] = counts[edge[0:1], edge[1:2]] + 1.
        sources = edges[:, 0]
        signed = torch.where(adj > 0, adj, -adj)[0]
        return counts.sum(1, keepdim=True) * x + x[sources].sum(0) + signed.sum()


def degrees(x: Tensor, adj: Tensor) -> Tensor:
    sources = torch.nonzero(adj)[:, 0]  # expect: CL121
    degree = torch.zeros(x.shape[0])
    for s in sources:
        degree[s] = degree[s] + 1.  # expect: CL114
    return degree


class Degrees(nn.Module):
    def forward(self, x: Tensor, adj: Tensor) -> Tensor:
        return EdgeCounts()(x, adj) + degrees(x, adj)[:, None]


def example():
    adj = torch.tensor([[0., 1., 0.], [1., 0., 1.], [0., 1., 0.]])
    return Degrees(), (torch.randn(3, 2), adj)
