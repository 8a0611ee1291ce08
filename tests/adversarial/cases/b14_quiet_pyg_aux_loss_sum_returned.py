"""A pooling stack that collects auxiliary losses and returns their builtin `sum(...)` as a tensor beside
the output; `min`/`max` pick cluster counts from Python ints."""
import torch
from torch import nn


class DiffPoolLevel(nn.Module):
    def __init__(self, dim=4, clusters=2):
        super().__init__()
        self.assign = nn.Linear(dim, clusters)

    def forward(self, x):
        s = self.assign(x).softmax(-1)
        return s.t() @ x, (s @ s.t() - torch.eye(x.size(0))).norm()


class DiffPool(nn.Module):
    def __init__(self, dim=4, num_nodes=5):
        super().__init__()
        self.levels = nn.ModuleList([DiffPoolLevel(dim, max(2, min(num_nodes // 2, 3))), DiffPoolLevel(dim, 2)])

    def forward(self, x):
        aux_losses = []
        for level in self.levels:
            x, loss = level(x)
            aux_losses.append(loss)
        return x, sum(aux_losses)


def example():
    return DiffPool(), (torch.randn(5, 4),)
