"""A neighbour-sampled mini-batch carries its seed count as a Python int (`batch.batch_size`) on a plain data
object; the model slices its output to the seed nodes with it (compiles)."""
import torch
from torch import nn


class MiniBatch:
    def __init__(self, x, edge_index, batch_size):
        self.x = x
        self.edge_index = edge_index
        self.batch_size = batch_size
        self.num_sampled_nodes = [batch_size, x.size(0) - batch_size]


class GraphSAGE(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, 2)

    def forward(self, batch: MiniBatch):
        row, col = batch.edge_index
        h = batch.x + torch.zeros_like(batch.x).index_add_(0, col, batch.x[row])
        out = self.lin(h)
        return out[: batch.batch_size], batch.num_sampled_nodes[0]


def example():
    return GraphSAGE(), (MiniBatch(torch.randn(5, 3), torch.tensor([[2, 3, 4, 3], [0, 1, 1, 0]]), 2),)
