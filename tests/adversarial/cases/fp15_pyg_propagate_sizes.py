"""A message-passing layer in the style of a graph library: `propagate` with a `size` tuple filled from the
inputs, `maybe_num_nodes` given the node count, self loops with `torch.arange(N)`, degree by scatter-add,
`deg.pow(-0.5)` with infinities masked, a bipartite `(x, x)` pair, and a softmax over edges sized by `num_nodes`."""
from typing import Optional, Tuple, Union

import torch
from torch import Tensor, nn

OptTensor = Optional[Tensor]
Size = Optional[Tuple[int, int]]


def maybe_num_nodes(edge_index, num_nodes=None):
    if num_nodes is not None:
        return num_nodes
    return int(edge_index.max()) + 1 if edge_index.numel() > 0 else 0  # known-fp: CL111


def add_self_loops(edge_index, edge_weight: OptTensor = None, fill_value: float = 1., num_nodes: Optional[int] = None):
    N = maybe_num_nodes(edge_index, num_nodes)
    loop_index = torch.arange(0, N, dtype=torch.long, device=edge_index.device)
    loop_index = loop_index.unsqueeze(0).repeat(2, 1)
    if edge_weight is not None:
        loop_weight = edge_weight.new_full((N,), fill_value)
        edge_weight = torch.cat([edge_weight, loop_weight], dim=0)
    edge_index = torch.cat([edge_index, loop_index], dim=1)
    return edge_index, edge_weight


def degree(index, num_nodes: Optional[int] = None, dtype: Optional[torch.dtype] = None):
    N = maybe_num_nodes(index, num_nodes)
    out = torch.zeros((N,), dtype=dtype, device=index.device)
    one = torch.ones((index.size(0),), dtype=out.dtype, device=out.device)
    return out.scatter_add_(0, index, one)


def scatter_sum(src, index, dim: int = 0, dim_size: Optional[int] = None):
    if dim_size is None:
        dim_size = maybe_num_nodes(index)
    size = list(src.size())
    size[dim] = dim_size
    out = src.new_zeros(size)
    return out.index_add_(dim, index, src)


def softmax(src, index, ptr: OptTensor = None, num_nodes: Optional[int] = None, dim: int = 0):
    N = maybe_num_nodes(index, num_nodes)
    src_max = src.new_full((N,) + tuple(src.shape[1:]), float("-inf"))
    src_max = src_max.index_reduce(dim, index, src, "amax", include_self=True)
    out = (src - src_max.index_select(dim, index)).exp()
    out_sum = scatter_sum(out, index, dim, dim_size=N) + 1e-16
    return out / out_sum.index_select(dim, index)


class MessagePassing(nn.Module):
    node_dim = 0

    def _set_size(self, size, dim: int, src: Tensor):
        the_size = size[dim]
        if the_size is None:
            size[dim] = src.size(self.node_dim)
        elif the_size != src.size(self.node_dim):
            raise ValueError(f"Encountered tensor with size {src.size(self.node_dim)} in dimension "
                             f"{self.node_dim}, but expected size {the_size}.")

    def propagate(self, edge_index, size: Size = None, **kwargs):
        size = [None, None] if size is None else list(size)
        x_j = kwargs["x"][0] if isinstance(kwargs["x"], tuple) else kwargs["x"]
        x_i = kwargs["x"][1] if isinstance(kwargs["x"], tuple) else kwargs["x"]
        self._set_size(size, 0, x_j)
        self._set_size(size, 1, x_i)
        msg = self.message(x_j.index_select(0, edge_index[0]), kwargs.get("edge_weight"))
        return scatter_sum(msg, edge_index[1], 0, dim_size=size[1])


class GCNConv(MessagePassing):
    def __init__(self, in_channels, out_channels, add_self_loops: bool = True, normalize: bool = True):
        super().__init__()
        self.lin = nn.Linear(in_channels, out_channels, bias=False)
        self.add_self_loops = add_self_loops
        self.normalize = normalize

    def forward(self, x: Union[Tensor, Tuple[Tensor, OptTensor]], edge_index, edge_weight: OptTensor = None):
        if isinstance(x, Tensor):
            x = (x, x)
        num_nodes = x[1].size(self.node_dim)
        if edge_weight is None:
            edge_weight = torch.ones((edge_index.size(1),), dtype=x[0].dtype, device=edge_index.device)
        if self.normalize:
            if self.add_self_loops:
                edge_index, edge_weight = add_self_loops(edge_index, edge_weight, 1., num_nodes)
            row, col = edge_index[0], edge_index[1]
            deg = scatter_sum(edge_weight, col, dim=0, dim_size=num_nodes)
            deg_inv_sqrt = deg.pow(-0.5)
            deg_inv_sqrt.masked_fill_(deg_inv_sqrt == float("inf"), 0)
            edge_weight = deg_inv_sqrt[row] * edge_weight * deg_inv_sqrt[col]
        x_l = self.lin(x[0])
        x_r = x[1]
        out = self.propagate(edge_index, x=(x_l, x_r), edge_weight=edge_weight, size=None)
        alpha = softmax(out.sum(-1)[edge_index[1]], edge_index[1], num_nodes=num_nodes)
        deg_out = degree(edge_index[0], num_nodes, dtype=out.dtype)
        return out * deg_out.unsqueeze(-1) + alpha.sum()

    def message(self, x_j, edge_weight: OptTensor):
        return x_j if edge_weight is None else edge_weight.view(-1, 1) * x_j


def example():
    edge_index = torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]])
    return GCNConv(4, 4), (torch.randn(4, 4), edge_index)
