"""Message passing internals in the style of a graph library: the message function's parameter names read once
with inspect in __init__, then `_collect` walks them as strings (`arg[-2:] in ('_i', '_j')`, `arg[:-2]`), picks
`_i`/`_j` sides of tuple inputs, fills a size list, and runs forward pre-hooks from an OrderedDict; `explain` is None,
`decomposed_layers` is 1."""
import inspect
from collections import OrderedDict
from typing import Any, Dict, List, Optional

import torch
from torch import Tensor, nn


class MessagePassing(nn.Module):
    def __init__(self, aggr: str = "sum", flow: str = "source_to_target", node_dim: int = -2):
        super().__init__()
        self.aggr = aggr
        self.flow = flow
        self.node_dim = node_dim
        self.explain: Optional[bool] = None
        self.decomposed_layers = 1
        self._user_args: List[str] = [n for n in inspect.signature(self.message).parameters if n != "self"]
        self._propagate_forward_pre_hooks: Dict[int, Any] = OrderedDict()

    def _set_size(self, size: List[Optional[int]], dim: int, src: Tensor):
        the_size = size[dim]
        if the_size is None:
            size[dim] = src.size(self.node_dim)
        elif the_size != src.size(self.node_dim):
            raise ValueError(f"Encountered tensor with size {src.size(self.node_dim)} in dimension {self.node_dim}, "
                             f"but expected size {the_size}.")

    def _collect(self, args, edge_index, size, kwargs):
        i, j = (1, 0) if self.flow == "source_to_target" else (0, 1)
        out = {}
        for arg in args:
            if arg[-2:] not in ("_i", "_j"):
                out[arg] = kwargs.get(arg, None)
            else:
                dim = j if arg[-2:] == "_j" else i
                data = kwargs.get(arg[:-2], None)
                if isinstance(data, (tuple, list)):
                    assert len(data) == 2
                    if isinstance(data[1 - dim], Tensor):
                        self._set_size(size, 1 - dim, data[1 - dim])
                    data = data[dim]
                if isinstance(data, Tensor):
                    self._set_size(size, dim, data)
                    data = data.index_select(self.node_dim, edge_index[dim])
                out[arg] = data
        out["index"] = edge_index[i]
        out["size_i"] = size[i] if size[i] is not None else size[j]
        out["size_j"] = size[j] if size[j] is not None else size[i]
        return out

    def propagate(self, edge_index, size=None, **kwargs):
        decomposed_layers = 1 if self.explain else self.decomposed_layers
        for hook in self._propagate_forward_pre_hooks.values():
            res = hook(self, (edge_index, size, kwargs))
            if res is not None:
                edge_index, size, kwargs = res
        size = [None, None] if size is None else list(size)
        coll = self._collect(self._user_args, edge_index, size, kwargs)
        msg = self.message(**{k: coll[k] for k in self._user_args})
        if self.explain:
            raise NotImplementedError
        out = msg.new_zeros((coll["size_i"], msg.size(-1))).index_add_(0, coll["index"], msg)
        if decomposed_layers > 1:
            out = out / decomposed_layers
        return out


class EdgeConv(MessagePassing):
    def __init__(self, channels):
        super().__init__(aggr="max")
        self.nn = nn.Linear(2 * channels, channels)

    def forward(self, x, edge_index):
        if isinstance(x, Tensor):
            x = (x, x)
        return self.propagate(edge_index, x=x, size=None)

    def message(self, x_i, x_j):
        return self.nn(torch.cat([x_i, x_j - x_i], dim=-1))


def example():
    edge_index = torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]])
    return EdgeConv(4), (torch.randn(4, 4), edge_index)
