import torch
from torch import nn


def run_with(func, x, params):
    weights = tuple(params)  # expect: CL169
    print("running with", len(weights), "weights")  # expect: CL131
    return func(x)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        return run_with(self.proj, x, self.parameters())  # expect: CL169


def example():
    return Block(), (torch.randn(2, 8),)
