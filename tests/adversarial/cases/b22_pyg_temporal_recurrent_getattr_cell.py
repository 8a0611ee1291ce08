"""A temporal GNN (torch_geometric_temporal style): the recurrent unit over the snapshot sequence is chosen by
name from the config and looked up on `torch.nn` with getattr."""
import torch
from torch import nn


class GCNLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        row, col = edge_index
        return torch.zeros_like(x).index_add_(0, col, self.lin(x)[row])


class RecurrentGCN(nn.Module):
    def __init__(self, dim=4, cell="gru"):
        super().__init__()
        self.conv = GCNLayer(dim)
        self.rnn = getattr(nn, cell.upper())(dim, dim, batch_first=True)

    def forward(self, xs, edge_index):
        h = torch.stack([self.conv(x, edge_index) for x in xs], dim=1)
        out, _ = self.rnn(h)  # known-miss: CL143
        return out[:, -1]


def example():
    ei = torch.tensor([[0, 1, 2], [1, 2, 0]])
    return RecurrentGCN(), ([torch.randn(3, 4) for _ in range(2)], ei)
