"""The message-passing input check behind the usual guard: `not torch.jit.is_scripting() and not
is_compiling()` (the utils' wrapper), so the int read of the smallest index never runs while compiling."""
import torch
from torch import Tensor, nn

from b11_pyg_utils import is_compiling, scatter


class MessagePassing(nn.Module):
    def __init__(self, aggr="add"):
        super().__init__()
        self.aggr = aggr
        self._explain = False

    def _check_input(self, edge_index: Tensor, size):
        if edge_index.numel() > 0 and int(edge_index.min()) < 0:
            raise ValueError("'edge_index' contains negative indices")
        if size is not None and edge_index.numel() > 0 and int(edge_index.max()) >= size:
            raise ValueError(f"Found indices in 'edge_index' larger than {size - 1}")
        return [size, size]

    def propagate(self, edge_index, x, size=None):
        if not torch.jit.is_scripting() and not is_compiling():
            self._check_input(edge_index, size)
        size = x.size(0) if size is None else size
        msg = self.message(x[edge_index[0]])
        return scatter(msg, edge_index[1], dim=0, dim_size=size, reduce=self.aggr)

    def message(self, x_j):
        return x_j


class SAGEConv(MessagePassing):
    def __init__(self, channels=4):
        super().__init__(aggr="mean")
        self.lin_l = nn.Linear(channels, channels)
        self.lin_r = nn.Linear(channels, channels)

    def forward(self, x, edge_index):
        return self.lin_l(self.propagate(edge_index, x, size=x.size(0))) + self.lin_r(x)


def example():
    edge_index = torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]])
    return SAGEConv(), (torch.randn(4, 4), edge_index)
