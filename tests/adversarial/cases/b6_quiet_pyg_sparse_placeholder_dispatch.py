"""Adjacency-type dispatch around an optional dependency: `SparseTensor` is a placeholder class when the
package is missing, and the layer checks `isinstance(edge_index, SparseTensor)` first, then a torch sparse
layout, then the dense edge list. Only the edge-list branch runs; the others call methods that would not
compile but are never traced."""
import torch
from torch import Tensor, nn


class SparseTensor:
    def __init__(self, *args, **kwargs):
        raise ImportError("'SparseTensor' requires 'torch-sparse'")

    def nnz(self):
        raise ImportError("'SparseTensor' requires 'torch-sparse'")

    def set_value(self, value, layout=None):
        raise ImportError("'SparseTensor' requires 'torch-sparse'")


def is_torch_sparse_tensor(src) -> bool:
    return isinstance(src, Tensor) and src.layout in (torch.sparse_coo, torch.sparse_csr)


class GINConv(nn.Module):
    def __init__(self, dim=3, eps=0.0):
        super().__init__()
        self.mlp = nn.Linear(dim, dim)
        self.eps = eps

    def aggregate(self, x, edge_index):
        if isinstance(edge_index, SparseTensor):
            adj = edge_index.set_value(None, layout=None)
            print("sparse path with", adj.nnz(), "entries")
            return adj.matmul(x)
        if is_torch_sparse_tensor(edge_index):
            return torch.sparse.mm(edge_index, x)
        return torch.zeros_like(x).index_add_(0, edge_index[1], x[edge_index[0]])

    def forward(self, x, edge_index):
        return self.mlp((1 + self.eps) * x + self.aggregate(x, edge_index))


def example():
    return GINConv(), (torch.randn(3, 3), torch.tensor([[0, 1, 2], [1, 2, 0]]))
