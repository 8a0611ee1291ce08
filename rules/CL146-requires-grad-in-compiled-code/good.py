import torch
from torch import nn


class Probe(nn.Module):
    def __init__(self):
        super().__init__()
        self.bias = nn.Parameter(torch.zeros(8))

    def forward(self, x):
        h = x.detach().requires_grad_(False)
        return (h * 2 + self.bias).sum(-1)


def example():
    return Probe(), (torch.randn(2, 8),)
