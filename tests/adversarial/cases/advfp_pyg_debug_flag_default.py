"""A message-passing layer with a `debug` constructor flag left at its default by the model that builds it: the
print of the degree histogram is never traced."""
import torch
from torch import nn


class GraphConv(nn.Module):
    def __init__(self, in_channels, out_channels, aggr="add", debug=False):
        super().__init__()
        self.lin = nn.Linear(in_channels, out_channels)
        self.aggr = aggr
        self.debug = debug

    def forward(self, x, edge_index):
        src, dst = edge_index[0], edge_index[1]
        out = torch.zeros_like(x).index_add_(0, dst, x.index_select(0, src))
        if self.debug:
            print("in-degree", torch.bincount(dst))
        return self.lin(out)


class Net(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.conv1 = GraphConv(dim, 8)
        self.conv2 = GraphConv(8, dim, aggr="add")

    def forward(self, x, edge_index):
        return self.conv2(self.conv1(x, edge_index).relu(), edge_index)


def example():
    return Net(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]))
