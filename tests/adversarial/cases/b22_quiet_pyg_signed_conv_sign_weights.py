"""SignedGCN aggregating positive and negative edges through sign weights (`clamp` and `where`) over the whole
edge list: no selection, so every shape is known."""
import torch
from torch import nn


class SignedConv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin_pos = nn.Linear(dim, dim)
        self.lin_neg = nn.Linear(dim, dim)

    def forward(self, x, edge_index, edge_sign):
        row, col = edge_index
        w_pos = edge_sign.clamp(min=0).to(x.dtype).unsqueeze(-1)
        w_neg = torch.where(edge_sign < 0, 1.0, 0.0).unsqueeze(-1)
        out = torch.zeros_like(x).index_add_(0, col, self.lin_pos(x)[row] * w_pos)
        return out.index_add_(0, col, self.lin_neg(x)[row] * w_neg)


def example():
    return SignedConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]), torch.tensor([1, -1, 1]))
