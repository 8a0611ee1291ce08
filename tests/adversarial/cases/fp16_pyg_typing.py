"""A graph library's typing module: the sparse adjacency class comes from torch-sparse when it is installed, and is a
placeholder whose constructor raises when it is not (it is not, here). The fp16_ cases import it."""
from typing import Optional, Tuple, Union

import torch
from torch import Tensor

try:
    from torch_sparse import SparseTensor

    WITH_TORCH_SPARSE = True
except ImportError:
    WITH_TORCH_SPARSE = False

    class SparseTensor:  # a placeholder: no instance can exist
        def __init__(self, row: Optional[Tensor] = None, col: Optional[Tensor] = None,
                     value: Optional[Tensor] = None, sparse_sizes: Optional[Tuple[int, int]] = None):
            raise ImportError("'SparseTensor' requires 'torch-sparse'")

        @classmethod
        def from_edge_index(cls, edge_index: Tensor, edge_attr: Optional[Tensor] = None,
                            sparse_sizes: Optional[Tuple[int, int]] = None) -> "SparseTensor":
            raise ImportError("'SparseTensor' requires 'torch-sparse'")

        def nnz(self) -> int:
            raise ImportError("'SparseTensor' requires 'torch-sparse'")

        def set_value(self, value: Optional[Tensor], layout: Optional[str] = None) -> "SparseTensor":
            raise ImportError("'SparseTensor' requires 'torch-sparse'")

        def matmul(self, other: Tensor, reduce: str = "sum") -> Tensor:
            raise ImportError("'SparseTensor' requires 'torch-sparse'")

Adj = Union[Tensor, SparseTensor]
OptTensor = Optional[Tensor]


def is_torch_sparse_tensor(src) -> bool:
    return isinstance(src, Tensor) and src.layout in (torch.sparse_coo, torch.sparse_csr)


def example():
    return is_torch_sparse_tensor, (torch.zeros(2),)
