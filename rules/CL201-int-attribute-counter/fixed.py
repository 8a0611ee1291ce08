import torch
from compilelint import Example
from torch import nn


class Scheduled(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.register_buffer("step", torch.tensor(0), persistent=False)

    def forward(self, x):
        self.step += 1  # expect: CL201
        return self.proj(x) * 2


def example():
    x = torch.randn(2, 8)
    return Example(Scheduled(), (x,), variants=[(x,), (x,)])
