import operator

import torch
from torch import nn


class Normalize(nn.Module):
    def forward(self, x):
        scale = x.abs().max()
        n = x.argmax()
        rows = int(x.shape[0])
        cols = operator.index(x.shape[1])
        torch._assert(x.shape[0] == 8, "batch of 8")
        n = n + (x == 0).any()
        return x / scale / x.std() + n + rows + cols


def example():
    return Normalize(), (torch.randn(8, 4),)
