import torch
from torch import nn


class Compare(nn.Module):
    def forward(self, x, y):
        same = (x == y).all()
        close = torch.isclose(x, y, atol=1e-3).all()
        return torch.where(same, x, x + y * close)


def example():
    return Compare(), (torch.randn(4, 8), torch.randn(4, 8))
