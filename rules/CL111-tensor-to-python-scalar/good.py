import torch
from torch import nn


class Normalize(nn.Module):
    def forward(self, x):
        scale = x.abs().max()
        n = x.argmax()
        rows = int(x.shape[0])
        return x / scale / x.std() + n + rows


def example():
    return Normalize(), (torch.randn(8, 4),)
