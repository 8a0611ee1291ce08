"""A numpy scalar stored on a module in __init__ (`self.hop = np.prod(rates)`, snac's hop length): Python arithmetic
or a comparison with it is traced as a numpy array, a 0-d tensor of the graph, and using that as a Python number
breaks (snac's `math.ceil(length / pad_to)`, missed in held-out 23). Every marked line breaks under dynamo; the
unmarked uses compile. Left unflagged: the attribute alone breaks as a truth value or in `range` where
`int(self.hop)` and `math.sqrt(self.hop)` compile, and a slice by its arithmetic breaks or not by what the frame
computed with it before (CL114 leaves one written in the slice)."""
import math

import numpy as np
import torch
from torch import nn


class Padded(nn.Module):
    def __init__(self, rates=(2, 4), dim=64):
        super().__init__()
        self.hop = np.prod(rates)
        self.scale = np.sqrt(dim)

    def ceil_padding(self, x):
        length = x.shape[-1]
        pad_to = self.hop * 3
        right_pad = math.ceil(length / pad_to) * pad_to - length  # expect: CL113
        return right_pad

    def branch(self, x):
        if self.scale > 1:  # expect: CL101
            x = x + 1
        return x

    def repeat(self, x):
        for _ in range(self.hop * 1):  # expect: CL114
            x = x + 1
        return x

    def sized(self, x):
        return torch.zeros(self.hop * 2) + x.sum()  # expect: CL124

    def constant_uses(self, x):
        # the attribute itself where Python wants a number (before anything computes with it in the frame: once it
        # has, every read of it is the traced array), and a tensor op with its arithmetic
        y = x[:, : int(self.hop)] * math.sqrt(self.hop)
        return y.reshape(-1, self.hop) * (1 / self.scale) * (self.hop * 2)

    def forward(self, x):
        kept = self.constant_uses(x)
        self.ceil_padding(x)
        return self.branch(x).sum() + self.repeat(x).sum() + self.sized(x).sum() + kept.sum()


def example():
    return Padded(), (torch.randn(2, 8),)
