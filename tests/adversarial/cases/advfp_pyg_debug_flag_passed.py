"""The same layer with the parent turning its `debug` flag on by keyword: the print runs while traced."""
import torch
from torch import nn


class DebugGraphConv(nn.Module):
    def __init__(self, in_channels, out_channels, aggr="add", debug=False):
        super().__init__()
        self.lin = nn.Linear(in_channels, out_channels)
        self.aggr = aggr
        self.debug = debug

    def forward(self, x, edge_index):
        src, dst = edge_index[0], edge_index[1]
        out = torch.zeros_like(x).index_add_(0, dst, x.index_select(0, src))
        if self.debug:
            print("in-degree", torch.bincount(dst))  # expect: CL121, CL131
        return self.lin(out)


class DebugNet(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.conv = DebugGraphConv(dim, dim, debug=True)

    def forward(self, x, edge_index):
        return self.conv(x, edge_index)


def example():
    return DebugNet(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]))
