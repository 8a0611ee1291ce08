"""GatedGraphConv: the input is zero-padded to the output width, then each layer aggregates messages and
updates the nodes with an nn.GRUCell (a cell, not a recurrent layer) in a loop."""
import torch
from torch import nn

from b18_pyg_utils import scatter_sum


class GatedGraphConv(nn.Module):
    def __init__(self, out_channels=4, num_layers=2):
        super().__init__()
        self.out_channels = out_channels
        self.num_layers = num_layers
        self.weight = nn.Parameter(torch.randn(num_layers, out_channels, out_channels) * 0.1)
        self.rnn = nn.GRUCell(out_channels, out_channels)

    def forward(self, x, edge_index):
        if x.size(-1) > self.out_channels:
            raise ValueError("the number of input channels must not exceed out_channels")
        if x.size(-1) < self.out_channels:
            zero = x.new_zeros(x.size(0), self.out_channels - x.size(-1))
            x = torch.cat([x, zero], dim=1)
        for i in range(self.num_layers):
            m = torch.matmul(x, self.weight[i])
            m = scatter_sum(m.index_select(0, edge_index[0]), edge_index[1], x.size(0))
            x = self.rnn(m, x)
        return x


def example():
    return GatedGraphConv(), (torch.randn(3, 3), torch.tensor([[0, 1, 2], [1, 2, 0]]))
