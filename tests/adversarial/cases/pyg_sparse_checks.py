"""Sparse adjacency checks: an optional SparseTensor stand-in class and layout tests on torch tensors."""
import torch
from torch import Tensor, nn

try:
    from torch_sparse import SparseTensor  # noqa: F401
except ImportError:
    class SparseTensor:
        def __init__(self, *args, **kwargs):
            raise ImportError("'SparseTensor' requires 'torch-sparse'")


def is_torch_sparse_tensor(src) -> bool:
    if isinstance(src, Tensor):
        if src.layout == torch.sparse_coo:
            return True
        if src.layout == torch.sparse_csr:
            return True
    return False


def is_sparse(src) -> bool:
    return is_torch_sparse_tensor(src) or isinstance(src, SparseTensor)


class Conv(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)

    def forward(self, x, edge_index):
        if isinstance(edge_index, SparseTensor):
            raise NotImplementedError
        if is_sparse(edge_index):
            return self.lin(edge_index @ x)
        x = self.lin(x)
        return x.new_zeros(x.shape).index_add_(0, edge_index[1], x[edge_index[0]])


def example():
    return Conv(), (torch.randn(4, 2), torch.tensor([[0, 1, 2], [1, 2, 3]]))
