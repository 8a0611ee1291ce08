"""Dispatch on the adjacency's type: isinstance on a SparseTensor placeholder class and on torch sparse
layouts, `edge_index.numel() == 0` and dtype checks compile; an assert on index bounds compiles (runtime
assert), but `if edge_index.min() < 0: raise` is a tensor condition."""
import torch
from torch import Tensor, nn


class SparseTensor:
    """Stands for torch_sparse.SparseTensor when the package is missing."""

    def __init__(self, *args, **kwargs):
        raise ImportError("'SparseTensor' requires 'torch-sparse'")


def is_torch_sparse_tensor(src):
    if isinstance(src, Tensor):
        if src.layout == torch.sparse_coo:
            return True
        if src.layout == torch.sparse_csr:
            return True
    return False


def is_sparse(src):
    return is_torch_sparse_tensor(src) or isinstance(src, SparseTensor)


class SumConv(nn.Module):
    def forward(self, x, edge_index, edge_weight=None):
        if isinstance(edge_index, SparseTensor):
            return edge_index.matmul(x)
        if is_torch_sparse_tensor(edge_index):
            return torch.sparse.mm(edge_index, x)
        if edge_index.numel() == 0:
            return torch.zeros_like(x)
        if not is_sparse(edge_index) and edge_index.dtype != torch.long:
            raise ValueError("edge_index must be long")
        assert edge_index.max() < x.size(0), "index out of range"
        if edge_index.min() < 0:  # expect: CL101
            raise ValueError("negative node index")
        if edge_weight is None:
            edge_weight = torch.ones(edge_index.size(1), dtype=x.dtype, device=x.device)
        msg = x.index_select(0, edge_index[0]) * edge_weight.view(-1, 1)
        return torch.zeros_like(x).index_add_(0, edge_index[1], msg)


def example():
    return SumConv(), (torch.randn(4, 3), torch.tensor([[0, 1, 2], [1, 2, 3]]))
