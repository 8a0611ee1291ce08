"""GCN normalisation patches infinite inverse degrees only when there are any: `if torch.isinf(d).any():`."""
import torch
from torch import nn


class GCNNorm(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        src, dst = edge_index
        deg = torch.zeros(x.size(0)).index_add_(0, dst, torch.ones(dst.numel()))
        d = deg.pow(-0.5)
        if torch.isinf(d).any():  # expect: CL101
            d = d.masked_fill(torch.isinf(d), 0.0)
        w = d[src] * d[dst]
        h = self.lin(x)
        return torch.zeros_like(h).index_add_(0, dst, h[src] * w.unsqueeze(-1))


def example():
    return GCNNorm(), (torch.randn(4, 3), torch.tensor([[0, 1, 2], [1, 2, 1]]))
