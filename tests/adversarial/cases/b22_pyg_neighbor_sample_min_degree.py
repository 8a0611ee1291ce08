"""Neighbour sampling inside a GraphSAGE layer: for the seed node, k neighbours are drawn without replacement,
k being the smaller of the fan-out and the node's degree."""
import torch
from torch import nn


class SampledSAGE(nn.Module):
    def __init__(self, dim=4, fanout=2):
        super().__init__()
        self.lin = nn.Linear(dim * 2, dim)
        self.fanout = fanout

    def forward(self, x, adj_row, seed: int):
        deg = adj_row.sum()
        k = min(self.fanout, deg)
        nbrs = torch.multinomial(adj_row.float(), k)  # expect: CL124
        agg = x[nbrs].mean(0)
        return self.lin(torch.cat([x[seed], agg], dim=-1))


def example():
    return SampledSAGE(), (torch.randn(4, 4), torch.tensor([0, 1, 1, 1]), 0)
