"""Builtin max/min over one tensor iterates it and returns one of its elements, a tensor: used as a size it breaks
as the tensor would (`x.topk(max(counts))`, GB0033 on 2.13, adversarial batch 16); kept in tensor arithmetic it
compiles, as does max over a shape."""
import torch
from torch import nn


class Neighbours(nn.Module):
    def forward(self, x):
        counts = (x > 0).sum(-1)
        k = max(counts)
        lo = min(counts)
        top = x.topk(k, dim=-1).values  # expect: CL124
        return top.sum() * lo + x * max(x.shape)


def example():
    return Neighbours(), (torch.tensor([[1.0, -1.0, 2.0], [0.5, 3.0, -2.0]]),)
