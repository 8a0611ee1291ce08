"""A router keeps the two experts with the largest mean score, picked with `heapq.nlargest` over (score, index)
pairs of 0-d tensors."""
import heapq

import torch
from torch import nn


class TopTwoRouter(nn.Module):
    def __init__(self, dim=4, experts=3):
        super().__init__()
        self.experts = nn.ModuleList(nn.Linear(dim, dim) for _ in range(experts))
        self.gate = nn.Linear(dim, experts)

    def forward(self, x):
        scores = self.gate(x).mean(0)
        best = heapq.nlargest(2, range(len(self.experts)), key=lambda i: scores[i])  # expect: CL153
        return sum(self.experts[i](x) for i in best)


def example():
    return TopTwoRouter(), (torch.randn(3, 4),)
