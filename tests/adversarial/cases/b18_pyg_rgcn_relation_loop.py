"""A relational GCN layer: one weight per relation, the edges of each relation picked with the utils file's
masked_edge_index inside the loop over relations."""
import torch
from torch import nn

from b18_pyg_utils import masked_edge_index, scatter_sum


class RGCNConv(nn.Module):
    def __init__(self, in_channels=4, out_channels=4, num_relations=2):
        super().__init__()
        self.num_relations = num_relations
        self.weight = nn.Parameter(torch.randn(num_relations, in_channels, out_channels) * 0.1)
        self.root = nn.Linear(in_channels, out_channels)

    def forward(self, x, edge_index, edge_type):
        out = self.root(x)
        for i in range(self.num_relations):
            ei = masked_edge_index(edge_index, edge_type == i)
            msg = x.index_select(0, ei[0]) @ self.weight[i]
            out = out + scatter_sum(msg, ei[1], x.size(0))
        return out


def example():
    return RGCNConv(), (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]), torch.tensor([0, 1, 1, 0]))
