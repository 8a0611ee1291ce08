"""A message-passing base whose `propagate` validates `edge_index` on every call (no scripting or
compiling guard): the smallest index is read back as an int to reject negative ones."""
import torch
from torch import Tensor, nn

from b11_pyg_utils import scatter


class MessagePassing(nn.Module):
    def __init__(self, aggr="add"):
        super().__init__()
        self.aggr = aggr

    def _check_input(self, edge_index: Tensor, size):
        if not edge_index.dtype == torch.long:
            raise ValueError(f"Expected 'edge_index' to be of integer type (got '{edge_index.dtype}')")
        if edge_index.dim() != 2 or edge_index.size(0) != 2:
            raise ValueError("Expected 'edge_index' to be two-dimensional with two rows")
        if edge_index.numel() > 0 and int(edge_index.min()) < 0:  # expect: CL111
            raise ValueError("'edge_index' contains negative indices")
        return [size, size]

    def message(self, x_j, edge_weight):
        return x_j * edge_weight.view(-1, 1)

    def propagate(self, edge_index, x, edge_weight, size=None):
        size = self._check_input(edge_index, size if size is not None else x.size(0))
        msg = self.message(x[edge_index[0]], edge_weight)
        return scatter(msg, edge_index[1], dim=0, dim_size=size[1], reduce=self.aggr)


class WeightedConv(MessagePassing):
    def __init__(self, channels=4):
        super().__init__(aggr="add")
        self.lin = nn.Linear(channels, channels)

    def forward(self, x, edge_index, edge_weight):
        return self.propagate(edge_index, self.lin(x), edge_weight)


def example():
    edge_index = torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]])
    return WeightedConv(), (torch.randn(4, 4), edge_index, torch.rand(4))
