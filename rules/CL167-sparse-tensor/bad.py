import torch
from torch import nn

from compilelint import Example


def propagate(adj, h):
    h = h * 2
    weights = adj._values().softmax(0)  # expect: CL167
    return torch.sparse.mm(adj, h) * weights.sum()


class GraphConv(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.lin = nn.Linear(8, 8)
        self.adj = torch.eye(n).to_sparse()

    def normalized(self):
        eye = torch.eye(4).to_sparse_csr()  # expect: CL167
        return eye * 0.5  # expect: CL167

    def forward(self, x, edges):
        h = self.lin(x)
        m = h.relu().to_sparse()  # expect: CL167
        k = h + 1
        out = torch.sparse.mm(m, k.t())  # expect: CL167
        out = out @ self.normalized()
        h = torch.sparse.mm(self.adj, out)
        return propagate(edges, h)


def example():
    edges = torch.sparse_coo_tensor(torch.tensor([[0, 1, 2], [1, 2, 3]]), torch.ones(3), (4, 4)).coalesce()
    return Example(fn=GraphConv(4), args=(torch.randn(4, 8), edges), variants=[(torch.randn(4, 8), edges)])
