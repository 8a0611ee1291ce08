import torch
from torch import nn


class Whiten(nn.Module):
    """SKD's direction loss, CCKD-style relation losses: the covariance of a batch's differences."""

    def forward(self, x, y):
        diff = x - y
        cov = torch.cov(diff.t()) + 0.1 * torch.eye(diff.size(1))  # expect: CL102
        corr = diff.corrcoef()  # expect: CL102
        return torch.linalg.cholesky(cov).sum() + corr.sum()


class Compare(nn.Module):
    def __init__(self):
        super().__init__()
        self.whiten = Whiten()

    def forward(self, x, y):
        if torch.equal(x, y):  # expect: CL102
            return x
        close = x.allclose(y, atol=1e-3)  # expect: CL102
        return x + y * close + self.whiten(x, y)


def example():
    return Compare(), (torch.randn(4, 8), torch.randn(4, 8))
