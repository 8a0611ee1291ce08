"""A message-passing `propagate` with the machinery around it: empty hook dicts iterated, an explain flag
that is off, `decomposed_layers == 1`, user arguments collected from `inspect` at construction, and the
aggregation size taken from `x.size(0)`."""
import inspect
from collections import OrderedDict

import torch
from torch import nn

from b11_pyg_utils import scatter


class MessagePassing(nn.Module):
    def __init__(self, aggr="add", decomposed_layers=1):
        super().__init__()
        self.aggr = aggr
        self.decomposed_layers = decomposed_layers
        self._propagate_forward_pre_hooks = OrderedDict()
        self._propagate_forward_hooks = OrderedDict()
        self._explain = False
        self._edge_mask = None
        self._user_args = [p for p in inspect.signature(self.message).parameters if p.endswith("_j")]

    def _collect(self, edge_index, kwargs):
        out = {}
        for arg in self._user_args:
            out[arg] = kwargs[arg[:-2]].index_select(0, edge_index[0])
        out["index"] = edge_index[1]
        return out

    def propagate(self, edge_index, size=None, **kwargs):
        for hook in self._propagate_forward_pre_hooks.values():
            res = hook(self, (edge_index, size, kwargs))
            if res is not None:
                edge_index, size, kwargs = res
        coll = self._collect(edge_index, kwargs)
        if self.decomposed_layers > 1:
            raise NotImplementedError("decomposed layers are not used here")
        out = self.message(**{k: v for k, v in coll.items() if k != "index"})
        if self._explain:
            edge_mask = self._edge_mask.sigmoid()
            out = out * edge_mask.view([-1] + [1] * (out.dim() - 1))
        out = scatter(out, coll["index"], dim=0, dim_size=size, reduce=self.aggr)
        for hook in self._propagate_forward_hooks.values():
            res = hook(self, (edge_index, size, kwargs), out)
            if res is not None:
                out = res
        return out

    def message(self, x_j):
        return x_j


class EdgeConv(MessagePassing):
    def __init__(self, channels=4):
        super().__init__(aggr="max")
        self.mlp = nn.Linear(channels, channels)

    def message(self, x_j):
        return self.mlp(x_j)

    def forward(self, x, edge_index):
        return self.propagate(edge_index, size=x.size(0), x=x)


def example():
    edge_index = torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]])
    return EdgeConv(), (torch.randn(4, 4), edge_index)
