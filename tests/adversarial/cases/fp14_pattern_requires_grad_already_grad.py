"""requires_grad_() on tensors that already require grad (a linear layer's output, a clone of a parameter) and a
buffer switched on by an earlier helper call: each is a no-op dynamo traces."""
import torch
from torch import nn


def switch_on(module):
    module.acc.requires_grad_()


class Energy(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.register_buffer("acc", torch.zeros(()))

    def forward(self, x):
        h = self.lin(x)
        h = h.requires_grad_()
        w = self.lin.weight.clone()
        w.requires_grad_(True)
        return (h @ w).sum()


def example():
    return Energy(), (torch.randn(2, 4),)
