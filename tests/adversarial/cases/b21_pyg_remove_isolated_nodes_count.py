"""A transform removes isolated nodes before a graph convolution: it marks the nodes an edge touches (a mask write,
fine), then renumbers them with an arange sized by the count of kept nodes."""
import torch
from torch import nn


def remove_isolated_nodes(edge_index, num_nodes):
    mask = torch.zeros(num_nodes, dtype=torch.bool)
    mask[edge_index.view(-1)] = True
    assoc = torch.full((num_nodes,), -1, dtype=torch.long)
    assoc[mask] = torch.arange(int(mask.sum()))  # expect: CL111
    return assoc[edge_index], mask


class CompactGCN(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        edge_index, mask = remove_isolated_nodes(edge_index, x.size(0))
        h = self.lin(x) * mask[:, None]
        return h.index_add(0, edge_index[1], h[edge_index[0]])


def example():
    return CompactGCN(), (torch.randn(6, 8), torch.tensor([[0, 1, 3], [1, 3, 4]]))
