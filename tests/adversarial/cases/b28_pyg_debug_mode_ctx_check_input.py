"""A message-passing layer validates its edge index only in the library's debug mode, entered with a user
context manager around the call; in debug mode the check reads the smallest and largest node ids with `int()`."""
import torch
from torch import nn

_DEBUG = {"on": False}


class debug:
    def __enter__(self):
        self.prev = _DEBUG["on"]
        _DEBUG["on"] = True

    def __exit__(self, *args):
        _DEBUG["on"] = self.prev


def is_debug_enabled():
    return _DEBUG["on"]  # known-fp: CL208


class MessagePassing(nn.Module):
    def _check_input(self, edge_index, size):
        if is_debug_enabled():
            if int(edge_index.min()) < 0 or int(edge_index.max()) >= size:  # expect: CL111
                raise ValueError("edge_index holds node ids out of range")

    def propagate(self, edge_index, x):
        self._check_input(edge_index, x.size(0))
        row, col = edge_index
        return torch.zeros_like(x).index_add_(0, col, x[row])


class GraphConv(MessagePassing):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        with debug():
            out = self.propagate(edge_index, x)
        return self.lin(out) + x


def example():
    return GraphConv(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
