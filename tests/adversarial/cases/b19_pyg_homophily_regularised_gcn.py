"""A GCN whose training loss is scaled by the graph's edge homophily, computed by a utility in another file
(whose edge variant returns a Python float: the break is judged in b19_pyg_utils)."""
import torch
from torch import nn

from b19_pyg_utils import homophily


class HomophilyGCN(nn.Module):
    def __init__(self, dim=4, classes=2):
        super().__init__()
        self.lin = nn.Linear(dim, classes)

    def forward(self, x, edge_index, y):
        row, col = edge_index
        agg = torch.zeros_like(x).index_add_(0, col, x[row])
        logits = self.lin(x + agg)
        h = homophily(edge_index, y, method="edge")
        return nn.functional.cross_entropy(logits, y) * (1.0 + h)


def example():
    edge_index = torch.tensor([[0, 1, 2, 3], [1, 0, 3, 2]])
    return HomophilyGCN(), (torch.randn(4, 4), edge_index, torch.tensor([0, 0, 1, 0]))
