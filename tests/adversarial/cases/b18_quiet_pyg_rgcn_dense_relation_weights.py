"""A relational GCN layer that keeps every edge: each relation's messages are weighted by a float mask of
edge_type == i instead of selecting the edges."""
import torch
from torch import nn

from b18_pyg_utils import scatter_sum


class RGCNConv(nn.Module):
    def __init__(self, in_channels=4, out_channels=4, num_relations=2):
        super().__init__()
        self.num_relations = num_relations
        self.weight = nn.Parameter(torch.randn(num_relations, in_channels, out_channels) * 0.1)
        self.root = nn.Linear(in_channels, out_channels)

    def forward(self, x, edge_index, edge_type):
        out = self.root(x)
        x_j = x.index_select(0, edge_index[0])
        for i in range(self.num_relations):
            w = (edge_type == i).to(x.dtype).unsqueeze(-1)
            out = out + scatter_sum((x_j @ self.weight[i]) * w, edge_index[1], x.size(0))
        return out


def example():
    return RGCNConv(), (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]), torch.tensor([0, 1, 1, 0]))
