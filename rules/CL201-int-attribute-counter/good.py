import torch
from compilelint import Example
from torch import nn


class Scheduled(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.register_buffer("step", torch.zeros((), dtype=torch.long))
        self.warmup = 100

    def forward(self, x):
        self.step += 1
        scale = 2 if self.warmup > 10 else 1
        return self.proj(x) * scale


def example():
    x = torch.randn(2, 8)
    return Example(Scheduled(), (x,), variants=[(x,), (x,)])
