"""DenseGCNConv: self loops are added by writing the diagonal through an arange index (`adj[:, idx, idx] = 1`),
degrees are clamped before the inverse square root, and the node mask multiplies the output."""
import torch
from torch import nn


class DenseGCNConv(nn.Module):
    def __init__(self, dim=4, improved=False):
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
        d_inv_sqrt = adj.sum(dim=-1).clamp(min=1).pow(-0.5)
        adj = d_inv_sqrt.unsqueeze(-1) * adj * d_inv_sqrt.unsqueeze(-2)
        out = torch.matmul(adj, self.lin(x))
        if mask is not None:
            out = out * mask.view(B, N, 1).to(x.dtype)
        return out


def example():
    return DenseGCNConv(), (torch.randn(2, 3, 4), (torch.rand(2, 3, 3) > 0.5).float(), torch.ones(2, 3, dtype=torch.bool))
