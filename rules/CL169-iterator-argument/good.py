import torch
from torch import nn


def run_with(func, x, params):
    weights = list(params)
    return func(x) * len(weights)


def scale_with(x, params):
    return x * len(tuple(params))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        x = scale_with(x, self.parameters())  # nothing breaks inside: the generator is never rebuilt
        return run_with(self.proj, x, list(self.parameters()))


def example():
    return Block(), (torch.randn(2, 8),)
