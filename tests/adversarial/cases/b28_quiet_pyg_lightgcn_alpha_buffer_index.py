"""LightGCN keeps its layer-combination weights `alpha` as a buffer and reads `self.alpha[i + 1]` with the
layer loop's Python index (compiles)."""
import torch
from torch import nn


class LGConv(nn.Module):
    def forward(self, x, edge_index):
        row, col = edge_index
        deg = torch.zeros(x.size(0)).index_add_(0, col, torch.ones(col.size(0))).clamp(min=1)
        norm = deg[row].pow(-0.5) * deg[col].pow(-0.5)
        return torch.zeros_like(x).index_add_(0, col, x[row] * norm.unsqueeze(-1))


class LightGCN(nn.Module):
    def __init__(self, num_nodes=5, dim=3, num_layers=2):
        super().__init__()
        self.embedding = nn.Embedding(num_nodes, dim)
        self.convs = nn.ModuleList([LGConv() for _ in range(num_layers)])
        self.num_layers = num_layers
        self.register_buffer("alpha", torch.tensor([1.0 / (num_layers + 1)] * (num_layers + 1)))

    def forward(self, edge_index):
        x = self.embedding.weight
        out = x * self.alpha[0]
        for i in range(self.num_layers):
            x = self.convs[i](x, edge_index)
            out = out + x * self.alpha[i + 1]
        return out


def example():
    return LightGCN(), (torch.tensor([[0, 1, 2, 3, 4], [1, 2, 3, 4, 0]]),)
