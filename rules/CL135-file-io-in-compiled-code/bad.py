import os

import torch
from torch import nn

VOCAB = __file__


class Reader(nn.Module):
    def forward(self, x):
        h = x * 2
        torch.save(h, "/dev/null")  # expect: CL135
        with open(VOCAB) as fh:  # expect: CL135
            first = fh.readline()
        return h * len(first)


class Cached(nn.Module):
    def forward(self, x):
        if os.stat(VOCAB).st_size:  # expect: CL135
            x = x + 1
        return x * len(os.listdir(os.path.dirname(VOCAB)))  # expect: CL135


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.reader, self.cached = Reader(), Cached()

    def forward(self, x):
        return self.reader(x) + self.cached(x)


def example():
    return Both(), (torch.randn(2, 8),)
