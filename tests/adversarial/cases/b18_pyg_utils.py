"""A graph library's utils file: `scatter_sum` / `degree` with the size given, `select` (a boolean mask or an
index, told apart by dtype), `masked_edge_index` (a boolean column mask) and `dropout_edge`. The other b18 graph
cases import it; its example runs every helper once."""
import torch
from torch import nn


def scatter_sum(src, index, dim_size):
    out = src.new_zeros((dim_size,) + tuple(src.shape[1:]))
    return out.index_add_(0, index, src)


def degree(index, num_nodes, dtype=None):
    out = torch.zeros(num_nodes, dtype=dtype or torch.long, device=index.device)
    return out.scatter_add_(0, index, torch.ones_like(index, dtype=out.dtype))


def select(src, index_or_mask, dim=0):
    if index_or_mask.dtype == torch.bool:
        return src[index_or_mask] if dim == 0 else src.transpose(0, dim)[index_or_mask].transpose(0, dim)  # expect: CL122
    return src.index_select(dim, index_or_mask)


def masked_edge_index(edge_index, edge_mask):
    return edge_index[:, edge_mask]  # known-miss: CL122


def dropout_edge(edge_index, p=0.5, training=True):
    if p == 0.0 or not training:
        return edge_index, edge_index.new_ones(edge_index.size(1), dtype=torch.bool)
    edge_mask = torch.rand(edge_index.size(1), device=edge_index.device) >= p
    return masked_edge_index(edge_index, edge_mask), edge_mask


class _UtilsDemo(nn.Module):
    def forward(self, x, edge_index):
        ei, _ = dropout_edge(edge_index, 0.3)
        deg = degree(ei[1], x.size(0), dtype=x.dtype)
        kept = select(x, deg > 0)
        return scatter_sum(x.index_select(0, ei[0]), ei[1], x.size(0)).sum() + kept.sum()


def example():
    return _UtilsDemo(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
