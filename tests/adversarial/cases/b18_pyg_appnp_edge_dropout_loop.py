"""APPNP propagation: K power-iteration steps, each dropping edges in training through the utils file's
dropout_edge before the normalised aggregation."""
import torch
from torch import nn

from b18_pyg_utils import degree, dropout_edge, scatter_sum


class APPNP(nn.Module):
    def __init__(self, K=2, alpha=0.1, dropout=0.5):
        super().__init__()
        self.K, self.alpha, self.dropout = K, alpha, dropout

    def forward(self, x, edge_index):
        h = x
        n = x.size(0)
        for _ in range(self.K):
            ei = edge_index
            if self.dropout > 0 and self.training:
                ei, _ = dropout_edge(edge_index, p=self.dropout)
            deg = degree(ei[1], n, dtype=x.dtype).clamp(min=1)
            msg = x.index_select(0, ei[0]) / deg[ei[1]].unsqueeze(-1)
            x = scatter_sum(msg, ei[1], n) * (1 - self.alpha) + self.alpha * h
        return x


def example():
    return APPNP(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
