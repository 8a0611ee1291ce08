"""A MessagePassing-style base class: `propagate` checks the input (dtype and rank tests), lifts the node
features to the edges, then calls the `message`, `aggregate` and `update` hooks. A subclass overrides
`aggregate` to average over the unique target nodes only, which asks for `torch.unique` (data-dependent size)."""
import torch
from torch import Tensor, nn


class MessagePassing(nn.Module):
    def _check_input(self, edge_index, size):
        if isinstance(edge_index, Tensor):
            if edge_index.dtype not in (torch.long, torch.int):
                raise ValueError("edge_index must be an integer tensor")
            if edge_index.dim() != 2 or edge_index.size(0) != 2:
                raise ValueError("edge_index must have shape [2, num_edges]")
        return [None, None] if size is None else list(size)

    def propagate(self, edge_index, x, size=None):
        size = self._check_input(edge_index, size)
        x_j = x.index_select(0, edge_index[0])
        out = self.message(x_j)
        out = self.aggregate(out, edge_index[1], dim_size=x.size(0))
        return self.update(out)

    def message(self, x_j):
        return x_j

    def aggregate(self, inputs, index, dim_size):
        return inputs.new_zeros(dim_size, inputs.size(-1)).index_add_(0, index, inputs)

    def update(self, aggr_out):
        return aggr_out


class UniqueMeanConv(MessagePassing):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def message(self, x_j):
        return self.lin(x_j)

    def aggregate(self, inputs, index, dim_size):
        targets, inverse = torch.unique(index, return_inverse=True)  # expect: CL121
        summed = inputs.new_zeros(targets.numel(), inputs.size(-1)).index_add_(0, inverse, inputs)
        out = inputs.new_zeros(dim_size, inputs.size(-1))
        return out.index_copy(0, targets, summed)

    def forward(self, x, edge_index):
        return self.propagate(edge_index, x)


def example():
    return UniqueMeanConv(), (torch.randn(4, 3), torch.tensor([[0, 1, 2], [1, 1, 3]]))
