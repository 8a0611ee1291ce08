"""A range check reached through star-unpacking: forward packs (tensor, limit) pairs in a list and calls the
validator with *pair, so the tensor arrives as the first positional parameter."""
import torch
from torch import nn


def clip_if_exploding(values, limit):
    if values.abs().max() > limit:  # expect: CL101
        return values.clamp(-limit, limit)
    return values


class Head(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.limits = (10.0, 3.0)

    def forward(self, x):
        h = self.lin(x)
        pairs = [(h, self.limits[0]), (h * 2, self.limits[1])]
        outs = [clip_if_exploding(*pair) for pair in pairs]
        return outs[0] + outs[1]


def example():
    return Head(), (torch.randn(2, 4),)
