"""A graph library's message-passing base in its own file: `propagate` gathers source features, calls the
subclass's `message`, `aggregate` and `update`, checks the edge index only outside compilation (through an
`is_compiling` wrapper), and has explain / decomposed-layer paths that are off by default. The other b12
graph-style cases subclass it."""
from typing import Optional

import torch
from torch import Tensor, nn


def is_compiling() -> bool:
    return torch.compiler.is_compiling()


def scatter_sum(src: Tensor, index: Tensor, dim_size: int) -> Tensor:
    out = src.new_zeros((dim_size,) + tuple(src.shape[1:]))
    return out.index_add_(0, index, src)


class MessagePassing(nn.Module):
    def __init__(self, aggr: str = "add", node_dim: int = 0):
        super().__init__()
        self.aggr = aggr
        self.node_dim = node_dim
        self.decomposed_layers = 1
        self._explain = False
        self._edge_mask = None

    def _check_input(self, edge_index: Tensor, size: Optional[int]):
        if not torch.jit.is_scripting() and not is_compiling():
            if edge_index.numel() > 0 and int(edge_index.min()) < 0:
                raise ValueError("negative node index")
            if size is not None and int(edge_index.max()) >= size:
                raise ValueError("node index out of range")

    def propagate(self, edge_index: Tensor, x: Tensor, size: Optional[int] = None, **kwargs):
        self._check_input(edge_index, size)
        dim_size = x.size(self.node_dim) if size is None else size
        if self.decomposed_layers > 1:
            raise NotImplementedError
        x_j = x.index_select(self.node_dim, edge_index[0])
        x_i = x.index_select(self.node_dim, edge_index[1])
        out = self.message(x_j=x_j, x_i=x_i, **kwargs)
        if self._explain:
            edge_mask = self._edge_mask.sigmoid()
            if out.size(self.node_dim) != edge_mask.size(0):
                loop = edge_mask.new_ones(dim_size)
                edge_mask = torch.cat([edge_mask, loop], dim=0)
            out = out * edge_mask.view(-1, 1)
        out = self.aggregate(out, edge_index[1], dim_size)
        return self.update(out, x=x)

    def message(self, x_j: Tensor, **kwargs) -> Tensor:
        return x_j

    def aggregate(self, inputs: Tensor, index: Tensor, dim_size: int) -> Tensor:
        out = scatter_sum(inputs, index, dim_size)
        if self.aggr == "mean":
            count = scatter_sum(torch.ones_like(index, dtype=inputs.dtype), index, dim_size).clamp(min=1)
            out = out / count.view(-1, *([1] * (out.dim() - 1)))
        return out

    def update(self, inputs: Tensor, **kwargs) -> Tensor:
        return inputs


class _SimpleConv(MessagePassing):
    def __init__(self, dim=4):
        super().__init__(aggr="mean")
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        return self.propagate(edge_index, x=self.lin(x))


def example():
    return _SimpleConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]))
