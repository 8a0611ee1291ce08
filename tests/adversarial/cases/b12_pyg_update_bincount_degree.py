"""The conv's `update` (called by the base file's `propagate`) normalises by in-degree counted with
`torch.bincount`, whose output length depends on the data."""
import torch
from torch import nn

from b12_quiet_pyg_conv import MessagePassing


class DegreeNormConv(MessagePassing):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self._index = None

    def message(self, x_j, index=None, **kwargs):
        self._index = index
        return x_j

    def update(self, inputs, x=None, **kwargs):
        deg = torch.bincount(self._index).clamp(min=1).to(inputs.dtype)  # expect: CL121
        return inputs / deg[: inputs.size(0), None]

    def forward(self, x, edge_index):
        return self.propagate(edge_index, x=self.lin(x), index=edge_index[1])


def example():
    return DegreeNormConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]))
