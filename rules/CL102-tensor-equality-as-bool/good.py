import torch
from torch import nn


class Whiten(nn.Module):
    def forward(self, x, y):
        diff = x - y
        centered = diff.t() - diff.t().mean(-1, keepdim=True)
        cov = centered @ centered.t() / (diff.size(0) - 1) + 0.1 * torch.eye(diff.size(1))
        rows = diff - diff.mean(-1, keepdim=True)
        corr = (rows @ rows.t()) / (rows.norm(dim=-1, keepdim=True) * rows.norm(dim=-1, keepdim=True).t())
        return torch.linalg.cholesky(cov).sum() + corr.sum()


class Compare(nn.Module):
    def __init__(self):
        super().__init__()
        self.whiten = Whiten()

    def forward(self, x, y):
        same = (x == y).all()
        close = torch.isclose(x, y, atol=1e-3).all()
        return torch.where(same, x, x + y * close) + self.whiten(x, y)


def example():
    return Compare(), (torch.randn(4, 8), torch.randn(4, 8))
