"""Graph convolutions over a normalized sparse adjacency kept on the module (`self.adj`, or a registered buffer),
the torch_geometric-style `propagate` helper taking one as an argument it coalesces, and a dense-adjacency layer
beside them that compiles. Dynamo cannot wrap a sparse tensor: the frame breaks on the first line that reads one
(GB0015 on 2.13), in forward and again in the helper it calls."""
import torch
from torch import nn


def normalize(adj):
    adj = adj.coalesce()
    deg = torch.sparse.sum(adj, dim=1).to_dense().clamp(min=1)
    return torch.sparse_coo_tensor(adj.indices(), adj.values() / deg[adj.indices()[0]], adj.shape)


def propagate(adj, x, weight):
    h = x @ weight
    adj = adj.coalesce()  # expect: CL167
    return torch.sparse.mm(adj, h)


class SparseGCN(nn.Module):
    def __init__(self, adj, channels):
        super().__init__()
        self.lin = nn.Linear(channels, channels)
        self.adj = normalize(adj).coalesce()
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
    def __init__(self, adj, channels):
        super().__init__()
        self.lin = nn.Linear(channels, channels)
        self.register_buffer("adj", adj.to_dense())
        self.weight = nn.Parameter(torch.randn(channels, channels))

    def forward(self, x, adj_in):
        h = self.adj @ self.lin(x)
        return propagate(adj_in, h, self.weight)  # known-miss: CL167


class Net(nn.Module):
    def __init__(self, adj, channels=8):
        super().__init__()
        self.dense = DenseGCN(adj, channels)
        self.sparse = SparseGCN(adj, channels)
        self.buffered = BufferGCN(adj, channels)

    def forward(self, x, adj):
        h = self.buffered(x)
        h = self.sparse(h)
        return self.dense(h, adj)  # known-miss: CL167


def example():
    edges = torch.tensor([[0, 1, 2, 3, 4], [1, 2, 3, 4, 0]])
    adj = torch.sparse_coo_tensor(edges, torch.ones(5), (5, 5))
    return Net(adj), (torch.randn(5, 8), adj)
