"""A submodule returns a tuple; the unpacked weights (a tensor) are used in a condition."""
import torch
from torch import nn


class Attention(nn.Module):
    def forward(self, x):
        weights = x.softmax(-1)
        return weights @ x.transpose(0, 1), weights


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, x):
        out, weights = self.attn(x)
        if weights.max() > 0.99:  # expect: CL101
            out = out * 0
        return out


def example():
    return Model(), (torch.randn(2, 3),)
