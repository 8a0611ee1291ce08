"""A radius graph that caps neighbours: the largest neighbour count is taken with builtin max over the count
tensor and used as topk's k."""
import torch
from torch import nn


class RadiusConv(nn.Module):
    def __init__(self, dim=4, r=1.5):
        super().__init__()
        self.r = r
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, pos):
        dist = torch.cdist(pos, pos)
        within = dist < self.r
        k = max(within.sum(-1))
        nbr = dist.masked_fill(~within, float("inf")).topk(k, largest=False).indices  # expect: CL124
        return self.lin(x)[nbr].mean(1)


def example():
    return RadiusConv(), (torch.randn(5, 4), torch.randn(5, 3))
