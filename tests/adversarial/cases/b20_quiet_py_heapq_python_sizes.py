"""A router picks its two widest experts from Python sizes with `heapq.nlargest` in `__init__`; forward runs
them."""
import heapq

import torch
from torch import nn


class WidestExperts(nn.Module):
    def __init__(self, dim=4, widths=(3, 8, 5)):
        super().__init__()
        self.experts = nn.ModuleList(nn.Sequential(nn.Linear(dim, w), nn.Linear(w, dim)) for w in widths)
        self.active = heapq.nlargest(2, range(len(widths)), key=lambda i: widths[i])

    def forward(self, x):
        return sum(self.experts[i](x) for i in self.active)


def example():
    return WidestExperts(), (torch.randn(3, 4),)
