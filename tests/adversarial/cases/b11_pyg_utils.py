"""A graph library's utils module: `is_compiling`, `maybe_num_nodes` (reads the node count off the largest
index when none is given), a `scatter` that sizes its output the same way, degree, self loops and a
segment softmax. The other b11 pyg-style cases import it; a caller that passes the size never reaches the
two reads."""
from typing import Optional, Tuple

import torch
from torch import Tensor, nn


def is_compiling() -> bool:
    return torch.compiler.is_compiling()


def maybe_num_nodes(edge_index: Tensor, num_nodes: Optional[int] = None) -> int:
    if num_nodes is not None:
        return num_nodes
    if isinstance(edge_index, tuple):
        return max(edge_index)
    return int(edge_index.max()) + 1 if edge_index.numel() > 0 else 0  # expect: CL111


def broadcast(src: Tensor, ref: Tensor, dim: int) -> Tensor:
    size = ((1, ) * dim) + (-1, ) + ((1, ) * (ref.dim() - dim - 1))
    return src.view(size).expand_as(ref)


def scatter(src: Tensor, index: Tensor, dim: int = 0, dim_size: Optional[int] = None, reduce: str = "sum") -> Tensor:
    if dim < 0:
        dim = src.dim() + dim
    if dim_size is None:
        dim_size = int(index.max()) + 1 if index.numel() > 0 else 0  # expect: CL111
    size = src.size()[:dim] + (dim_size, ) + src.size()[dim + 1:]
    if reduce in ("sum", "add"):
        index = broadcast(index, src, dim)
        return src.new_zeros(size).scatter_add_(dim, index, src)
    if reduce == "mean":
        count = src.new_zeros(dim_size).scatter_add_(0, index, src.new_ones(index.numel())).clamp(min=1)
        out = src.new_zeros(size).scatter_add_(dim, broadcast(index, src, dim), src)
        return out / broadcast(count, out, dim)
    index = broadcast(index, src, dim)
    return src.new_zeros(size).scatter_reduce_(dim, index, src, reduce=f"a{reduce}", include_self=False)


def degree(index: Tensor, num_nodes: Optional[int] = None, dtype: Optional[torch.dtype] = None) -> Tensor:
    N = maybe_num_nodes(index, num_nodes)
    out = torch.zeros((N, ), dtype=dtype, device=index.device)
    one = torch.ones((index.size(0), ), dtype=out.dtype, device=out.device)
    return out.scatter_add_(0, index, one)


def add_self_loops(edge_index: Tensor, edge_weight: Optional[Tensor] = None, fill_value: float = 1.,
                   num_nodes: Optional[int] = None) -> Tuple[Tensor, Optional[Tensor]]:
    N = maybe_num_nodes(edge_index, num_nodes)
    loop_index = torch.arange(0, N, dtype=torch.long, device=edge_index.device)
    loop_index = loop_index.unsqueeze(0).repeat(2, 1)
    if edge_weight is not None:
        loop_weight = edge_weight.new_full((N, ), fill_value)
        edge_weight = torch.cat([edge_weight, loop_weight], dim=0)
    return torch.cat([edge_index, loop_index], dim=1), edge_weight


def softmax(src: Tensor, index: Tensor, num_nodes: Optional[int] = None, dim: int = 0) -> Tensor:
    N = maybe_num_nodes(index, num_nodes)
    src_max = scatter(src.detach(), index, dim, dim_size=N, reduce="max")
    out = (src - src_max.index_select(dim, index)).exp()
    out_sum = scatter(out, index, dim, dim_size=N, reduce="sum") + 1e-16
    return out / out_sum.index_select(dim, index)


class _Readout(nn.Module):
    def forward(self, x, edge_index, batch):
        deg = degree(edge_index[1], dtype=x.dtype)
        x = x * deg.clamp(min=1).rsqrt().unsqueeze(-1)
        return scatter(x, batch, dim=0, reduce="mean")


def example():
    edge_index = torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]])
    return _Readout(), (torch.randn(4, 3), edge_index, torch.tensor([0, 0, 1, 1]))
