"""Iterating over tensors with a static first dimension, unbind/split/chunk loops, zip and enumerate:
dynamo unrolls them."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(2, 2) for _ in range(2)])

    def forward(self, x):
        acc = torch.zeros_like(x[0])
        for row in x:
            acc = acc + row
        outs = []
        for i, part in enumerate(x.split(2, dim=-1)):
            outs.append(self.heads[i](part))
        pairs = [a * b for a, b in zip(x.unbind(0), x.flip(0).unbind(0))]
        n = len(x)
        for chunk in x.chunk(n):
            acc = acc + chunk.squeeze(0)
        return acc, torch.cat(outs, -1), torch.stack(pairs)


def example():
    return Model(), (torch.randn(3, 4),)
