"""remove_self_loops followed by add_self_loops, the usual GCN preprocessing inside the conv's forward."""
import torch
from torch import nn


def remove_self_loops(edge_index, edge_attr=None):
    mask = edge_index[0] != edge_index[1]
    edge_index = edge_index[:, mask]  # expect: CL122
    return edge_index, None if edge_attr is None else edge_attr[mask]


def add_self_loops(edge_index, num_nodes):
    loop = torch.arange(num_nodes, device=edge_index.device).unsqueeze(0).repeat(2, 1)
    return torch.cat([edge_index, loop], dim=1)


class GCNConv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        edge_index, _ = remove_self_loops(edge_index)
        edge_index = add_self_loops(edge_index, x.size(0))
        h = self.lin(x)
        return torch.zeros_like(h).index_add_(0, edge_index[1], h[edge_index[0]])


def example():
    return GCNConv(), (torch.randn(4, 4), torch.tensor([[0, 1, 2, 2], [1, 1, 3, 0]]))
