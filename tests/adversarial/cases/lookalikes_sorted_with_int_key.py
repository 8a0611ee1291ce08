"""`sorted` of tensors by a shape key, and `sorted` of names: Python values decide the order."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.names = ["b", "a"]

    def forward(self, a, b):
        parts = sorted([a, b[:, :2]], key=lambda t: t.shape[-1])
        order = sorted(self.names)
        return parts[0].sum() * len(order) + parts[1].sum()


def example():
    return Model(), (torch.randn(2, 3), torch.randn(2, 3))
