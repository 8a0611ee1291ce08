import torch
from compilelint import Example
from torch import nn


class Recorder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.stats = {"mean": None}

    def forward(self, x):
        h = self.proj(x)
        parts = []
        parts.append(h.detach())
        self.stats["mean"] = h.mean()
        return h, parts


def example():
    return Example(Recorder(), (torch.randn(2, 8),), variants=[(torch.randn(2, 8),), (torch.randn(2, 8),)])
