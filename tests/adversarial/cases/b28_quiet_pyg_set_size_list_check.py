"""A message-passing base records the bipartite size in a Python list while collecting arguments
(`__set_size__`): a None slot takes the tensor's node-dimension size, a filled slot is compared with it and
raises on mismatch (list mutation and shape tests; compiles)."""
import torch
from torch import nn


class MessagePassing(nn.Module):
    node_dim = -2

    def _set_size(self, size, dim, src):
        the_size = size[dim]
        if the_size is None:
            size[dim] = src.size(self.node_dim)
        elif the_size != src.size(self.node_dim):
            raise ValueError(f"Encountered tensor with size {src.size(self.node_dim)} in dimension "
                             f"{self.node_dim}, but expected size {the_size}.")

    def propagate(self, edge_index, x, size=None):
        size = [None, None] if size is None else list(size)
        self._set_size(size, 0, x)
        self._set_size(size, 1, x)
        row, col = edge_index
        return x.new_zeros(size[1], x.size(-1)).index_add_(0, col, x[row])


class GraphConv(MessagePassing):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        return self.lin(self.propagate(edge_index, x)) + self.lin(self.propagate(edge_index, x, size=(4, 4)))


def example():
    return GraphConv(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
