import torch
from torch import nn


class Mode(nn.Module):
    def forward(self, x):
        h = x * 2
        if self.training:
            return h + 1
        return h


def example():
    return Mode(), (torch.randn(2, 8),)
