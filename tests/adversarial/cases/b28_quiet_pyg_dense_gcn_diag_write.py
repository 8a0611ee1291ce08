"""A dense GCN layer sets the adjacency's diagonal with an advanced-index write (`adj[:, idx, idx] = 1` or 2
when improved), normalises by clamped degrees and masks padded nodes by multiplying (compiles)."""
import torch
from torch import nn


class DenseGCNConv(nn.Module):
    def __init__(self, dim=3, improved=False):
        super().__init__()
        self.lin = nn.Linear(dim, dim, bias=False)
        self.improved = improved

    def forward(self, x, adj, mask=None, add_loop=True):
        x = x.unsqueeze(0) if x.dim() == 2 else x
        adj = adj.unsqueeze(0) if adj.dim() == 2 else adj
        B, N, _ = adj.size()
        if add_loop:
            adj = adj.clone()
            idx = torch.arange(N, dtype=torch.long, device=adj.device)
            adj[:, idx, idx] = 1 if not self.improved else 2
        out = self.lin(x)
        deg_inv_sqrt = adj.sum(dim=-1).clamp(min=1).pow(-0.5)
        adj = deg_inv_sqrt.unsqueeze(-1) * adj * deg_inv_sqrt.unsqueeze(-2)
        out = torch.matmul(adj, out)
        if mask is not None:
            out = out * mask.view(B, N, 1).to(x.dtype)
        return out


def example():
    adj = (torch.rand(2, 4, 4) > 0.5).float()
    return DenseGCNConv(), (torch.randn(2, 4, 3), adj, torch.tensor([[True, True, True, False], [True, True, False, False]]))
