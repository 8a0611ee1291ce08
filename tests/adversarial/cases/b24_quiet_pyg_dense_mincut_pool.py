"""dense_mincut_pool: cluster assignments, the mincut and orthogonality losses, all by einsum, diag_embed and
norms of dense tensors; the cluster count comes from the assignment's shape."""
import math

import torch
from torch import nn


def _rank3_trace(x):
    return torch.einsum("ijj->i", x)


class MinCutPool(nn.Module):
    def __init__(self, dim=3, clusters=2):
        super().__init__()
        self.assign = nn.Linear(dim, clusters)

    def forward(self, x, adj):
        s = torch.softmax(self.assign(x), dim=-1)
        k = s.size(-1)
        out = s.transpose(1, 2) @ x
        out_adj = s.transpose(1, 2) @ adj @ s
        mincut_num = _rank3_trace(out_adj)
        d = torch.diag_embed(torch.einsum("ijk->ij", adj))
        mincut_den = _rank3_trace(s.transpose(1, 2) @ d @ s)
        mincut_loss = -(mincut_num / mincut_den).mean()
        ss = s.transpose(1, 2) @ s
        i_s = torch.eye(k).type_as(ss)
        ortho = torch.norm(ss / torch.norm(ss, dim=(-1, -2), keepdim=True) - i_s / math.sqrt(k), dim=(-1, -2))
        return out, out_adj, mincut_loss + ortho.mean()


def example():
    adj = (torch.rand(2, 4, 4) > 0.5).float()
    return MinCutPool(), (torch.randn(2, 4, 3), adj + adj.transpose(1, 2))
