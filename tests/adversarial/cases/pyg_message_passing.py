"""A MessagePassing-style propagate: inspector-collected arguments, `_i`/`_j` lifting, size checks, hooks."""
import inspect
from collections import OrderedDict

import torch
from torch import nn


class Inspector:
    def __init__(self, base_class):
        self.base_class = base_class
        self.params = {}

    def inspect_signature(self, func):
        self.params[func.__name__] = [name for name in inspect.signature(func).parameters if name != "self"]

    def collect_param_data(self, func_name, kwargs):
        return {name: kwargs[name] for name in self.params[func_name] if name in kwargs}


class MessagePassing(nn.Module):
    def __init__(self, aggr="sum", node_dim=0):
        super().__init__()
        self.aggr = aggr
        self.node_dim = node_dim
        self.inspector = Inspector(MessagePassing)
        self.inspector.inspect_signature(self.message)
        self._user_args = self.inspector.params["message"]
        self._propagate_forward_pre_hooks = OrderedDict()

    def _check_input(self, edge_index, size):
        if isinstance(edge_index, torch.Tensor):
            int_dtypes = (torch.uint8, torch.int8, torch.int32, torch.int64)
            if edge_index.dtype not in int_dtypes:
                raise ValueError(f"Expected 'edge_index' to be of integer type (got '{edge_index.dtype}')")
            if edge_index.dim() != 2:
                raise ValueError(f"Expected 'edge_index' to be two-dimensional (got {edge_index.dim()} dimensions)")
            if edge_index.size(0) != 2:
                raise ValueError(f"Expected 'edge_index' to have size '2' in the first dimension")
            return list(size) if size is not None else [None, None]
        raise ValueError("`MessagePassing.propagate` only supports integer tensors")

    def _set_size(self, size, dim, src):
        the_size = size[dim]
        if the_size is None:
            size[dim] = src.size(self.node_dim)
        elif the_size != src.size(self.node_dim):
            raise ValueError(f"Encountered tensor with size {src.size(self.node_dim)} in dimension "
                             f"{self.node_dim}, but expected size {the_size}.")

    def _collect(self, args, edge_index, size, kwargs):
        i, j = (1, 0)
        out = {}
        for arg in args:
            if arg[-2:] not in ["_i", "_j"]:
                out[arg] = kwargs.get(arg, inspect.Parameter.empty)
            else:
                dim = j if arg[-2:] == "_j" else i
                data = kwargs.get(arg[:-2], inspect.Parameter.empty)
                if isinstance(data, torch.Tensor):
                    self._set_size(size, dim, data)
                    data = data.index_select(self.node_dim, edge_index[dim])
                out[arg] = data
        out["index"] = edge_index[i]
        out["size_i"] = size[i] if size[i] is not None else size[j]
        return out

    def propagate(self, edge_index, size=None, **kwargs):
        for hook in self._propagate_forward_pre_hooks.values():
            res = hook(self, (edge_index, size, kwargs))
            if res is not None:
                edge_index, size, kwargs = res
        mutable_size = self._check_input(edge_index, size)
        coll_dict = self._collect(self._user_args, edge_index, mutable_size, kwargs)
        msg_kwargs = self.inspector.collect_param_data("message", coll_dict)
        out = self.message(**msg_kwargs)
        return self.aggregate(out, coll_dict["index"], coll_dict["size_i"])

    def aggregate(self, inputs, index, dim_size):
        return inputs.new_zeros((dim_size, ) + inputs.shape[1:]).index_add_(0, index, inputs)


class EdgeConv(MessagePassing):
    def __init__(self):
        super().__init__(aggr="max")
        self.mlp = nn.Linear(4, 2)

    def forward(self, x, edge_index):
        return self.propagate(edge_index, x=x, size=None)

    def message(self, x_i, x_j):
        return self.mlp(torch.cat([x_i, x_j - x_i], dim=-1))


def example():
    return EdgeConv(), (torch.randn(4, 2), torch.tensor([[0, 1, 2], [1, 2, 3]]))
