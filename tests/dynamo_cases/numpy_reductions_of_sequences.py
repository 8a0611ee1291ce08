"""A numpy reduction of a Python list or tuple of numbers, a shape included (`np.prod(x.shape[1:])`,
`np.prod([h, -1])`), is traced as a tensor under trace_numpy: the sequence becomes an array, so `int()` or `float()`
of the result reads a tensor's value and breaks (pytorch-pretrained-vit's
`int(x.size(-1) / -np.prod(shape))`, missed in held-out 32). numpy math on one number folds to a constant and
`math.prod` is Python's: both compile. Every marked line breaks under dynamo; the unmarked ones compile."""
import math

import numpy as np
import torch
from torch import nn


def split_last(x, shape):
    shape = list(shape)
    shape[shape.index(-1)] = int(x.size(-1) / -np.prod(shape))  # expect: CL111
    return x.view(*x.size()[:-1], *shape)


def flattened(x):
    return x.reshape(x.shape[0], int(np.prod(x.shape[1:])))  # expect: CL111


def counted(x):
    return x.new_zeros(int(np.prod(x.size())))  # expect: CL111


def kept(x, rows=2, cols=3):
    return x[:, : int(np.prod((rows, cols)))]  # expect: CL111


def averaged(x):
    return x * float(np.mean([x.shape[0], 4]))  # expect: CL111


def widest(x):
    return x[:, : int(np.max([x.shape[0], 3]))]  # expect: CL111


def folded(x):
    # numpy math on one number, and Python's own product of a shape
    width = int(np.sqrt(x.shape[-1]))
    return x[:, :width] / np.sqrt(x.shape[-1]) + x[:, : int(math.prod(x.shape[:1]))].sum()


class Patches(nn.Module):
    def __init__(self, patch=(2, 4)):
        super().__init__()
        self.area = int(np.prod(patch))  # __init__ is not compiled

    def forward(self, x):
        y = split_last(x, (2, -1)).sum() + flattened(x).sum() + counted(x).sum() + kept(x).sum()
        return y + averaged(x).sum() + widest(x).sum() + folded(x).sum() + x[:, : self.area].sum()


def example():
    return Patches(), (torch.randn(2, 8),)
