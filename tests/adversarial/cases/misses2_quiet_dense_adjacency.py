"""Dense look-alikes of group 50's sparse GCN arguments, each handed a dense adjacency: a layer that multiplies its
`adj` with `torch.mm`, a helper that tests the layout before `torch.sparse.mm`, and a layer that rebinds `adj` to a
row-normalized matrix before `torch.spmm` (the name no longer holds what the caller passed). Dynamo compiles all of
them: nothing is sparse, and nothing says so."""
import torch
from torch import nn


class DenseConvolution(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.lin = nn.Linear(n, n)

    def forward(self, x, adj):
        return torch.mm(adj, self.lin(x))


def maybe_sparse(adj, x):
    if adj.is_sparse:
        return torch.sparse.mm(adj, x)
    return adj @ x


class NormalizedConvolution(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.lin = nn.Linear(n, n)

    def forward(self, x, adj):
        adj = adj / adj.sum(dim=1, keepdim=True).clamp(min=1)
        return torch.spmm(adj, self.lin(x))


class DenseGraphModel(nn.Module):
    def __init__(self, n=8):
        super().__init__()
        self.dense = DenseConvolution(n)
        self.norm = NormalizedConvolution(n)

    def forward(self, x, adj):
        h = self.dense(x, adj)
        h = maybe_sparse(adj, h)
        return self.norm(h, adj)


def example():
    adj = (torch.rand(5, 5) > 0.5).float()
    return DenseGraphModel(), (torch.randn(5, 8), adj)
