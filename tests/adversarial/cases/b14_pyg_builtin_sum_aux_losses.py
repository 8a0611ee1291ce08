"""A pooling stack collects auxiliary losses in a list and compares their builtin `sum(...)` with a
threshold to decide on a renormalisation (the sum is a tensor)."""
import torch
from torch import nn


class DiffPoolLevel(nn.Module):
    def __init__(self, dim=4, clusters=2):
        super().__init__()
        self.assign = nn.Linear(dim, clusters)

    def forward(self, x):
        s = self.assign(x).softmax(-1)
        link_loss = (s @ s.t() - torch.eye(x.size(0))).norm()
        return s.t() @ x, link_loss


class DiffPool(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.levels = nn.ModuleList([DiffPoolLevel(dim, 3), DiffPoolLevel(dim, 2)])

    def forward(self, x):
        aux_losses = []
        for level in self.levels:
            x, loss = level(x)
            aux_losses.append(loss)
        if sum(aux_losses) > 10.0:  # known-miss: CL101
            x = x / x.norm()
        return x


def example():
    return DiffPool(), (torch.randn(5, 4),)
