import torch
from compilelint import Example
from torch import nn


class Recorder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.history = []

    def forward(self, x):
        h = self.proj(x)
        self.history.append(h.detach())  # expect: CL203
        return h


def example():
    return Example(Recorder(), (torch.randn(2, 8),), variants=[(torch.randn(2, 8),), (torch.randn(2, 8),)])
