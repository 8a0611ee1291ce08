import torch
from torch import nn

from compilelint import Example


def mix(adj, h):
    h = h.tanh()
    return torch.spmm(adj, h)  # expect: CL167


def spread(adj, h):
    h = h + 1
    return mix(adj, h)  # expect: CL167


def propagate(adj, h):
    h = h * 2
    weights = adj._values().softmax(0)  # expect: CL167
    return spread(adj, h) * weights.sum()


def sparse_dropout(x, h, p):
    scale = h.mean() * 2
    if p == 0:
        return x.to_dense().sum() * scale  # expect: CL167
    values = x._values()  # expect: CL167
    return (values * (torch.rand(values.shape) >= p)).sum() * scale / (1 - p)


class NormAdjConv(nn.Module):
    """Adjacencies built by helper methods with the legacy constructor, stored in `__init__`."""

    def __init__(self, n):
        super().__init__()
        self.norm_adj = self.walk(n).to("cpu")
        self.laplacian = self.eye(n) - self.walk(n)

    def eye(self, n):
        index = torch.arange(n)
        return torch.sparse.FloatTensor(torch.stack([index, index]), torch.ones(n), torch.Size([n, n]))

    def walk(self, n):
        index = torch.arange(n)
        walk = torch.sparse.FloatTensor(torch.stack([index, (index + 1) % n]), torch.ones(n) / 2, torch.Size([n, n]))
        return walk.coalesce()

    def forward(self, h, p):
        adj, lap = self.norm_adj, self.laplacian
        h = h * 2
        h = torch.sparse.mm(adj, h)  # expect: CL167
        return h + sparse_dropout(lap, h, p)


class GraphConv(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.lin = nn.Linear(8, 8)
        self.adj = torch.eye(n).to_sparse()
        self.walk = NormAdjConv(n)

    def normalized(self):
        eye = torch.eye(4).to_sparse_csr()  # expect: CL167
        return eye * 0.5  # expect: CL167

    def forward(self, x, edges, p):
        h = self.lin(x)
        m = h.relu().to_sparse()  # expect: CL167
        k = h + 1
        out = torch.sparse.mm(m, k.t())  # expect: CL167
        out = out @ self.normalized()
        h = torch.sparse.mm(self.adj, out)
        h = self.walk(h, p)
        return propagate(edges, h)


def example():
    edges = torch.sparse_coo_tensor(torch.tensor([[0, 1, 2], [1, 2, 3]]), torch.ones(3), (4, 4)).coalesce()
    return Example(fn=GraphConv(4), args=(torch.randn(4, 8), edges, 0.0), variants=[(torch.randn(4, 8), edges, 0.5)])
