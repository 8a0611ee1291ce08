"""Parameter bookkeeping in forward: the parameter count (sum of numel over self.parameters()) and whether any
parameter requires grad are Python values; an L2 penalty sums tensors."""
import torch
from torch import nn


class Regularised(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.a = nn.Linear(dim, dim)
        self.b = nn.Linear(dim, dim)

    def forward(self, x):
        n_params = sum(p.numel() for p in self.parameters())
        trainable = any(p.requires_grad for p in self.parameters())
        y = self.b(self.a(x).relu())
        if trainable:
            penalty = sum((p ** 2).sum() for p in self.parameters()) / n_params
            y = y + penalty
        return y


def example():
    return Regularised(), (torch.randn(2, 4),)
