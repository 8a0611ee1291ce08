"""The temporal GNN with its recurrent unit looked up by name as a cell (`GRUCell`), stepped over the snapshots
in a Python loop: a cell compiles."""
import torch
from torch import nn


class RecurrentGCN(nn.Module):
    def __init__(self, dim=4, cell="gru"):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.cell = getattr(nn, cell.upper() + "Cell")(dim, dim)

    def forward(self, xs, edge_index):
        row, col = edge_index
        h = None
        for x in xs:
            m = torch.zeros_like(x).index_add_(0, col, self.lin(x)[row])
            h = self.cell(m, h)
        return h


def example():
    ei = torch.tensor([[0, 1, 2], [1, 2, 0]])
    return RecurrentGCN(), ([torch.randn(3, 4) for _ in range(2)], ei)
