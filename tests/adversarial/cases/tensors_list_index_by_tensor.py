"""A Python list indexed by a 0-d tensor breaks; indexed by a shape it does not."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = [0.5, 1.0, 2.0]

    def forward(self, x):
        by_shape = self.scales[x.shape[0] % 3]
        idx = x.sum(1).argmax()
        by_value = self.scales[idx]  # expect: CL114
        return x * by_shape * by_value


def example():
    return Model(), (torch.randn(2, 3),)
