"""Graph convolutions over a normalized sparse adjacency kept on the module (`self.adj`, or a registered buffer),
the torch_geometric-style `propagate` helper taking one as an argument it normalizes, and a dense-adjacency layer
beside them that compiles. Dynamo cannot wrap a sparse tensor: the frame breaks on the first line that reads one
(GB0015 on 2.13), in forward and again in the helper it calls. The helper's argument is known sparse from its
`_indices()` / `_values()`, methods only sparse tensors have, and so are the arguments its callers hand it."""
import torch
from torch import nn


def degree_weights(edges, n):
    deg = torch.zeros(n).index_add_(0, edges[0], torch.ones(edges.shape[1]))
    return 1.0 / deg[edges[0]]


def propagate(adj, x, weight):
    h = x @ weight
    deg = torch.zeros(h.shape[0]).index_add_(0, adj._indices()[0], adj._values())  # expect: CL167
    return torch.sparse.mm(adj, h) / deg.clamp(min=1)[:, None]


class SparseGCN(nn.Module):
    def __init__(self, edges, n, channels):
        super().__init__()
        self.lin = nn.Linear(channels, channels)
        adj = torch.sparse_coo_tensor(edges, degree_weights(edges, n), (n, n))
        self.adj = adj.coalesce()
        self.register_buffer("adj_t", adj.t().coalesce())

    def forward(self, x):
        h = self.lin(x).relu()
        h = torch.sparse.mm(self.adj, h)  # expect: CL167
        return h


class BufferGCN(SparseGCN):
    def forward(self, x):
        h = self.lin(x)
        if self.training:
            h = h * 0.5
        return torch.sparse.mm(self.adj_t, h)  # expect: CL167


class DenseGCN(nn.Module):
    def __init__(self, edges, n, channels):
        super().__init__()
        self.lin = nn.Linear(channels, channels)
        self.register_buffer("adj", torch.sparse_coo_tensor(edges, torch.ones(edges.shape[1]), (n, n)).to_dense())
        self.weight = nn.Parameter(torch.randn(channels, channels))

    def forward(self, x, adj_in):
        h = self.adj @ self.lin(x)
        return propagate(adj_in, h, self.weight)  # expect: CL167


class Net(nn.Module):
    def __init__(self, edges, n, channels=8):
        super().__init__()
        self.dense = DenseGCN(edges, n, channels)
        self.sparse = SparseGCN(edges, n, channels)
        self.buffered = BufferGCN(edges, n, channels)

    def forward(self, x, adj):
        h = self.buffered(x)
        h = self.sparse(h)
        return self.dense(h, adj)  # expect: CL167


def example():
    edges = torch.tensor([[0, 1, 2, 3, 4], [1, 2, 3, 4, 0]])
    adj = torch.sparse_coo_tensor(edges, torch.ones(5), (5, 5)).coalesce()
    return Net(edges, 5), (torch.randn(5, 8), adj)
