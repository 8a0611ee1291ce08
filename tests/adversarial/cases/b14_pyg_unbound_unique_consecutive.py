"""Graph-level readout that counts the graphs in a sorted batch vector with the unbound method
`torch.Tensor.unique_consecutive(batch)`: an output whose size depends on the values."""
import torch
from torch import nn

from b14_quiet_pyg_utils import scatter_sum


class GlobalAddPool(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, batch):
        graph_ids = torch.Tensor.unique_consecutive(batch)  # expect: CL121
        return self.lin(scatter_sum(x, batch, graph_ids.numel()))


def example():
    return GlobalAddPool(), (torch.randn(5, 4), torch.tensor([0, 0, 1, 1, 1]))
