"""Dense differentiable pooling with an optional node mask: the mask is viewed and multiplied in, the link loss
uses a norm, and the entropy term a mean (no mask read)."""
import torch
from torch import nn


def dense_diff_pool(x, adj, s, mask=None):
    x = x.unsqueeze(0) if x.dim() == 2 else x
    adj = adj.unsqueeze(0) if adj.dim() == 2 else adj
    s = s.unsqueeze(0) if s.dim() == 2 else s
    batch_size, num_nodes, _ = x.size()
    s = torch.softmax(s, dim=-1)
    if mask is not None:
        mask = mask.view(batch_size, num_nodes, 1).to(x.dtype)
        x, s = x * mask, s * mask
    out = torch.matmul(s.transpose(1, 2), x)
    out_adj = torch.matmul(torch.matmul(s.transpose(1, 2), adj), s)
    link_loss = torch.norm(adj - torch.matmul(s, s.transpose(1, 2)), p=2) / adj.numel()
    ent_loss = (-s * torch.log(s + 1e-15)).sum(dim=-1).mean()
    return out, out_adj, link_loss, ent_loss


class DiffPool(nn.Module):
    def __init__(self, dim=4, clusters=2):
        super().__init__()
        self.assign = nn.Linear(dim, clusters)

    def forward(self, x, adj, mask):
        out, out_adj, link_loss, ent_loss = dense_diff_pool(x, adj, self.assign(x), mask)
        return out.sum() + out_adj.sum() + link_loss + ent_loss


def example():
    return DiffPool(), (torch.randn(2, 3, 4), torch.rand(2, 3, 3), torch.tensor([[1, 1, 0], [1, 1, 1]]).bool())
