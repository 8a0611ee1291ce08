"""A normalisation layer checks for isolated nodes with `degree == 0` and warns through the warnings module
when any exist: the `.any()` turned into a Python bool breaks, the degree computation does not."""
import warnings

import torch
from torch import nn


def degree(index, num_nodes: int, dtype=None):
    out = torch.zeros((num_nodes,), dtype=dtype, device=index.device)
    return out.scatter_add_(0, index, torch.ones_like(index, dtype=out.dtype))


class SymNorm(nn.Module):
    def forward(self, x, edge_index):
        row, col = edge_index
        deg = degree(col, x.size(0), dtype=x.dtype)
        if (deg == 0).any():  # expect: CL101
            warnings.warn("graph has isolated nodes")  # expect: CL131
        deg_inv_sqrt = deg.pow(-0.5).masked_fill(deg == 0, 0.0)
        norm = deg_inv_sqrt[row] * deg_inv_sqrt[col]
        return torch.zeros_like(x).index_add_(0, col, x[row] * norm.unsqueeze(-1))


def example():
    return SymNorm(), (torch.randn(4, 3), torch.tensor([[0, 1], [1, 2]]))
