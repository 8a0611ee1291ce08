"""filter_adj that keeps the edge list's size: the edges whose ends were dropped are pointed at a dummy node
and given zero weight with torch.where (no boolean read)."""
import torch
from torch import nn


def filter_adj(edge_index, perm, num_nodes):
    mask = perm.new_full((num_nodes,), -1)
    mask[perm] = torch.arange(perm.size(0), device=perm.device)
    row, col = mask[edge_index[0]], mask[edge_index[1]]
    keep = (row >= 0) & (col >= 0)
    dummy = perm.size(0)
    row, col = torch.where(keep, row, dummy), torch.where(keep, col, dummy)
    return torch.stack([row, col], dim=0), keep.to(torch.float)


class TopKPool(nn.Module):
    def __init__(self, dim=4, k=2):
        super().__init__()
        self.k = k
        self.score = nn.Linear(dim, 1)

    def forward(self, x, edge_index):
        score = self.score(x).squeeze(-1).tanh()
        perm = score.topk(self.k).indices
        x = x[perm] * score[perm].unsqueeze(-1)
        ei, w = filter_adj(edge_index, perm, score.size(0))
        x_pad = torch.cat([x, x.new_zeros(1, x.size(1))])
        return x_pad.index_select(0, ei[0]) * w.unsqueeze(-1)


def example():
    return TopKPool(), (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
