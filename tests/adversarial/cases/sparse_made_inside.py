"""Sparse tensors made inside compiled code: a dense block converted with `to_sparse()` (GB0277 on 2.13) and read
after the break (GB0015), a CSR matrix built with its constructor (GB0374), and an input multiplied with
`torch.spmm` (the sparse-matrix function says it is sparse: the helper breaks on its read, and so does `forward`,
which hands it down)."""
import torch
from torch import nn


class Pooling(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x, assign):
        h = self.lin(x)
        s = h.relu().to_sparse()  # expect: CL167
        h = h + 1
        pooled = torch.sparse.mm(s.t(), h)  # expect: CL167
        return pooled


def csr_product(x):
    h = x * 2
    crow = torch.tensor([0, 1, 2, 3, 4, 5])
    a = torch.sparse_csr_tensor(crow, torch.tensor([1, 2, 3, 4, 0]), torch.ones(5), (5, 5))  # expect: CL167
    return h  # known-miss: CL167


def chained(x):
    h = x * 2
    a = (h.relu().to_sparse()  # expect: CL167
         .coalesce())  # expect: CL167
    return h - 1


def spmm(adj, x):
    h = x * 3
    return torch.spmm(adj, h)  # expect: CL167


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = Pooling()

    def forward(self, x, assign, adj):
        h = csr_product(x)
        h = chained(h)
        h = self.pool(h, assign)
        return spmm(adj, h)  # expect: CL167


def example():
    adj = torch.sparse_coo_tensor(torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]), torch.ones(4), (4, 4))
    return Net(), (torch.randn(5, 4), torch.randn(5, 2), adj)
