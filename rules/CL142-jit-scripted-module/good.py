import torch
from torch import nn


class Head(nn.Module):
    def forward(self, x):
        return torch.relu(x) + 1


@torch.jit.script
def scripted_scale(x):
    return x * 2


class Eager(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = Head()

    def forward(self, x):
        return self.head(scripted_scale(x))


def example():
    return Eager(), (torch.randn(2, 8),)
