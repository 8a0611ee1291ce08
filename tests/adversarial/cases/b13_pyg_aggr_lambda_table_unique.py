"""An aggregation table of lambdas; the `distinct` entry counts distinct neighbour labels with unique."""
import torch
from torch import nn

AGGREGATIONS = {
    "sum": lambda src, index, n: torch.zeros(n, src.size(1)).index_add_(0, index, src),
    "distinct": lambda src, index, n: torch.unique(index, return_counts=True)[1],  # known-miss: CL121
}


class LabelAggregator(nn.Module):
    def __init__(self, aggr="distinct"):
        super().__init__()
        self.aggregate = AGGREGATIONS[aggr]

    def forward(self, x, edge_index):
        counts = self.aggregate(x[edge_index[0]], edge_index[1], x.size(0))
        return x * counts.float().mean()


def example():
    return LabelAggregator(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 1]]))
