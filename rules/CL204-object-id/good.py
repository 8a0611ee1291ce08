import torch
from compilelint import Example
from torch import nn


class Tagged(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        owner = id(self)
        return self.proj(x) * 2, owner


def example():
    return Example(Tagged(), (torch.randn(4),), variants=[(torch.randn(4),), (torch.randn(4),)])
