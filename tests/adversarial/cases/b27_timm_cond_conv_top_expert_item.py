"""A CondConv-style block routes each batch to its single strongest expert kernel: the routing argmax becomes a
Python index (`.item()`) into the expert list."""
import torch
import torch.nn.functional as F
from torch import nn


class CondConvTop1(nn.Module):
    def __init__(self, ch=3, experts=4):
        super().__init__()
        self.routing = nn.Linear(ch, experts)
        self.experts = nn.ParameterList(nn.Parameter(torch.randn(ch, ch, 3, 3) * 0.1) for _ in range(experts))

    def forward(self, x):
        pooled = x.mean((2, 3))
        routing = torch.sigmoid(self.routing(pooled)).mean(0)
        idx = routing.argmax().item()  # expect: CL111
        return F.conv2d(x, self.experts[idx], padding=1)


def example():
    return CondConvTop1(), (torch.randn(2, 3, 5, 5),)
