"""`.item()`, `.tolist()`, `.numpy()` and `int()/float()` on things that are not tensors, or on values
dynamo keeps in the graph."""
import numpy as np
import torch
from torch import nn


class Meta:
    def __init__(self):
        self.scale = 3

    def item(self):
        return self.scale

    def tolist(self):
        return [self.scale]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.meta = Meta()
        self.table = {"a": 1.0, "b": 2.0}
        self.dims = [4, 8]

    def forward(self, x):
        k = self.meta.item() + len(self.meta.tolist())
        total = sum(v for _, v in self.table.items())
        half = int(x.size(0) / 2) + int(float(x.shape[-1]) ** 0.5)
        arr = np.tanh(x.numpy()) * 2
        width = int(np.prod(self.dims))  # known-miss: CL113
        return torch.from_numpy(arr) * k * total * half + width


def example():
    return Model(), (torch.randn(4, 4),)
