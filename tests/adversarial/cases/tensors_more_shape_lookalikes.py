"""More shape/flag look-alikes: `x.grad is None`, `len(x.shape)`, `x.size(0)` truthiness, `not x.numel()`."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(3))

    def forward(self, x):
        if x.grad is None and len(x.shape) == 2:
            x = x + 1
        if x.size(0) and not x.numel() == 0:
            x = x * 2
        if self.weight.requires_grad and x.is_sparse is False:
            x = x * self.weight
        wide = x.dim() > 1
        if wide:
            x = x.sum(-1)
        return x


def example():
    return Model(), (torch.randn(2, 3),)
