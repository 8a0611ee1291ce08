import torch
from torch import nn


class ResetCodebooks(nn.Module):
    def __init__(self):
        super().__init__()
        self.codebook = nn.Parameter(torch.randn(2, 8, 4))

    def forward(self, z):
        fresh = z[:8].clone()
        with torch.no_grad():
            self.codebook[0].copy_(fresh)
        return z @ self.codebook[0].t()


def example():
    return ResetCodebooks(), (torch.randn(16, 4),)
