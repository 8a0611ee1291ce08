"""Pooling's filter_adj: nodes kept by a permutation are renumbered through a lookup vector, and the edges whose
both ends survive are kept by one tuple assignment of two boolean-mask reads."""
import torch
from torch import nn


def filter_adj(edge_index, perm, num_nodes):
    mask = perm.new_full((num_nodes,), -1)
    mask[perm] = torch.arange(perm.size(0), device=perm.device)
    row, col = mask[edge_index[0]], mask[edge_index[1]]
    keep = (row >= 0) & (col >= 0)
    row, col = row[keep], col[keep]  # expect: CL122
    return torch.stack([row, col], dim=0)


class TopKPool(nn.Module):
    def __init__(self, dim=4, k=2):
        super().__init__()
        self.k = k
        self.score = nn.Linear(dim, 1)

    def forward(self, x, edge_index):
        score = self.score(x).squeeze(-1).tanh()
        perm = score.topk(self.k).indices
        x = x[perm] * score[perm].unsqueeze(-1)
        return x, filter_adj(edge_index, perm, score.size(0))


def example():
    return TopKPool(), (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
