import torch
from compilelint import Example
from torch import nn

SEEN = {}


class Tagged(nn.Module):
    def forward(self, x):
        SEEN[id(x)] = x.sum()  # expect: CL204, CL203
        return x * 2


def example():
    return Example(Tagged(), (torch.randn(4),), variants=[(torch.randn(4),), (torch.randn(4),)])
