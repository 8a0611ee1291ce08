import torch
from torch import nn


class Compare(nn.Module):
    def forward(self, x, y):
        if torch.equal(x, y):  # expect: CL102
            return x
        close = x.allclose(y, atol=1e-3)  # expect: CL102
        return x + y * close


def example():
    return Compare(), (torch.randn(4, 8), torch.randn(4, 8))
