"""SignedGCN: the signed edge list is split into its positive and negative parts by the sign of each edge, then
aggregated separately."""
import torch
from torch import nn


def split_signed(edge_index, edge_sign):
    ei_t = edge_index.t()
    pos = ei_t[edge_sign > 0].t()  # expect: CL122
    neg = ei_t[edge_sign < 0].t()  # expect: CL122
    return pos, neg


class SignedConv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin_pos = nn.Linear(dim, dim)
        self.lin_neg = nn.Linear(dim, dim)

    def forward(self, x, edge_index, edge_sign):
        pos, neg = split_signed(edge_index, edge_sign)
        out = torch.zeros_like(x).index_add_(0, pos[1], self.lin_pos(x)[pos[0]])
        return out.index_add_(0, neg[1], self.lin_neg(x)[neg[0]])


def example():
    return SignedConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]), torch.tensor([1, -1, 1]))
