"""The operator module on tensors and Python values inside forward: operator.add / mul of tensors,
operator.getitem of a list, an attrgetter made in forward, operator.truth of a Python flag."""
import operator

import torch
from torch import nn


class Residual(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.use_residual = True

    def forward(self, x):
        outs = [self.fc(x), x]
        weight_of = operator.attrgetter("weight")
        y = operator.mul(operator.getitem(outs, 0), weight_of(self.fc).sum())
        if operator.truth(self.use_residual):
            y = operator.add(y, operator.getitem(outs, -1))
        return y


def example():
    return Residual(), (torch.randn(2, 4),)
