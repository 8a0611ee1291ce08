"""Factories with `requires_grad=False`, `.detach()`, and `requires_grad` read as a flag compile."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        z = torch.zeros(3, requires_grad=False)
        h = x.detach() + z
        return h * 2 if h.requires_grad else h


def example():
    return Model(), (torch.randn(2, 3),)
