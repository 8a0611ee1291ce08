import torch
from compilelint import Example
from torch import nn

CALLS = 0


class Scaled(nn.Module):
    def forward(self, x):
        global CALLS
        CALLS += 1  # expect: CL202
        return torch.tanh(x) * 2


def example():
    x = torch.randn(4)
    return Example(Scaled(), (x,), variants=[(x,), (x,)])
