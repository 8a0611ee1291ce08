"""A graph library's utils file for batch 20: a data object whose `num_nodes` property falls back to the largest
node index when no feature matrix (nor positions) is stored. The other b20 graph cases import it; its example reads
it on edges only."""
import torch
from torch import nn


class GraphData:
    def __init__(self, x=None, edge_index=None, pos=None):
        self.x = x
        self.edge_index = edge_index
        self.pos = pos

    @property
    def num_nodes(self):
        if self.x is not None:
            return self.x.size(0)
        if self.pos is not None:
            return self.pos.size(0)
        return int(self.edge_index.max()) + 1  # known-miss: CL111


class _UtilsDemo(nn.Module):
    def forward(self, data, bare):
        n = bare.num_nodes
        return data.x.new_zeros(n, 2).sum() + data.x.sum()


def example():
    ei = torch.tensor([[0, 1, 2], [1, 2, 0]])
    return _UtilsDemo(), (GraphData(x=torch.randn(3, 2), edge_index=ei), GraphData(edge_index=ei))
