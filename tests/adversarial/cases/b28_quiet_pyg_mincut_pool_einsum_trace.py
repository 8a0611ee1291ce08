"""A dense min-cut pooling computes its losses with a batched trace written as `einsum('ijj->i', ...)`, an
identity built from the cluster count, a Frobenius norm over the last two dims and `math.sqrt` of a Python
int (compiles)."""
import math

import torch
from torch import nn

EPS = 1e-15


def _rank3_trace(x):
    return torch.einsum("ijj->i", x)


def _rank3_diag(x):
    eye = torch.eye(x.size(1)).type_as(x)
    return eye * x.unsqueeze(2).expand(*x.size(), x.size(1))


class MinCutPool(nn.Module):
    def __init__(self, dim=3, clusters=2):
        super().__init__()
        self.assign = nn.Linear(dim, clusters)

    def forward(self, x, adj):
        s = torch.softmax(self.assign(x), dim=-1)
        (batch_size, num_nodes, _), k = x.size(), s.size(-1)
        out = torch.matmul(s.transpose(1, 2), x)
        out_adj = torch.matmul(torch.matmul(s.transpose(1, 2), adj), s)
        mincut_num = _rank3_trace(out_adj)
        d = _rank3_diag(torch.einsum("ijk->ij", adj))
        mincut_den = _rank3_trace(torch.matmul(torch.matmul(s.transpose(1, 2), d), s))
        mincut_loss = torch.mean(-(mincut_num / mincut_den))
        ss = torch.matmul(s.transpose(1, 2), s)
        i_s = torch.eye(k).type_as(ss)
        ortho_loss = torch.norm(ss / torch.norm(ss, dim=(-1, -2), keepdim=True) - i_s / math.sqrt(k), dim=(-1, -2))
        return out, out_adj, mincut_loss + torch.mean(ortho_loss)


def example():
    adj = (torch.rand(2, 4, 4) > 0.3).float()
    return MinCutPool(), (torch.randn(2, 4, 3), adj + EPS)
