import torch
from torch import nn

from compilelint import Example


def propagate(adj, h):
    h = h * 2
    adj = adj.coalesce()  # expect: CL167
    return torch.sparse.mm(adj, h)


class GraphConv(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.lin = nn.Linear(8, 8)
        self.adj = torch.eye(n).to_sparse()
        self.cache = {}

    def normalized(self):
        if self.cache.get("A") is None:  # expect: CL167
            self.cache["A"] = torch.eye(4).to_sparse_csr()  # expect: CL167
        return self.cache["A"]  # expect: CL167

    def forward(self, x, edges):
        h = self.lin(x)
        m = h.relu().to_sparse()  # expect: CL167
        k = h + 1
        out = torch.sparse.mm(m, k.t())  # expect: CL167
        out = out @ self.normalized()
        h = torch.sparse.mm(self.adj, out)
        return propagate(edges, h)


def example():
    edges = torch.sparse_coo_tensor(torch.tensor([[0, 1, 2], [1, 2, 3]]), torch.ones(3), (4, 4))
    return Example(fn=GraphConv(4), args=(torch.randn(4, 8), edges), variants=[(torch.randn(4, 8), edges)])
