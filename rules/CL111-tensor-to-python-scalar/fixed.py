import torch
from torch import nn


class Normalize(nn.Module):
    def forward(self, x):
        scale = x.abs().max()  # expect: CL111
        n = x.argmax()  # expect: CL111
        s = x.std()  # expect: CL111
        return x / scale / s + n


def example():
    return Normalize(), (torch.randn(8, 4),)
