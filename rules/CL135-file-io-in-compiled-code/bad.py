import os
import pathlib
import tempfile

import numpy as np
import torch
from torch import nn

VOCAB = __file__
FILTERS = os.path.join(tempfile.gettempdir(), "compilelint_cl135_filters.npy")


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
        x = x * len(os.listdir(os.path.dirname(VOCAB)))  # expect: CL135
        return x * len(str(pathlib.Path(VOCAB).parent.resolve()))  # expect: CL135


class NumpyFilters(nn.Module):
    def forward(self, x):
        np.save(FILTERS, np.ones(8, dtype=np.float32))  # expect: CL135
        return x * torch.from_numpy(np.load(FILTERS))  # expect: CL135


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.reader, self.cached, self.filters = Reader(), Cached(), NumpyFilters()

    def forward(self, x):
        return self.reader(x) + self.cached(x) + self.filters(x)


def example():
    return Both(), (torch.randn(2, 8),)
