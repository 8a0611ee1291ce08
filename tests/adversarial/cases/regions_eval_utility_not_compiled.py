"""Metric helpers used after the compiled model returns: `.item()`, `.tolist()`, `.nonzero()` are eager."""
import torch
from torch import nn

import compilelint


class Model(nn.Module):
    def forward(self, x):
        return x.sigmoid()


def accuracy(pred, target):
    hits = (pred.round() == target).sum().item()
    wrong = (pred.round() != target).nonzero().tolist()
    return hits / target.numel(), wrong


def evaluate(x, target):
    model = torch.compile(Model(), backend="eager")
    return accuracy(model(x), target)


def example():
    return compilelint.Example(evaluate, (torch.randn(2, 3), torch.ones(2, 3)), compiles_itself=True)
