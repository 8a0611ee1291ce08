"""add_random_edge: the number of new edges is a Python int rounded from the edge count (a shape), the new
endpoints drawn with `torch.randint` bounded by the node count."""
import torch
from torch import nn


def add_random_edge(edge_index, p, num_nodes):
    num_new = round(edge_index.size(1) * p)
    new = torch.randint(0, num_nodes, (2, num_new))
    return torch.cat([edge_index, new], dim=1)


class RandomEdgeGCN(nn.Module):
    def __init__(self, dim=3, p=0.5):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.p = p

    def forward(self, x, edge_index):
        if self.training:
            edge_index = add_random_edge(edge_index, self.p, x.size(0))
        row, col = edge_index
        return torch.zeros_like(x).index_add_(0, col, self.lin(x)[row])


def example():
    return RandomEdgeGCN(), (torch.randn(3, 3), torch.tensor([[0, 1, 2, 0], [1, 2, 0, 2]]))
