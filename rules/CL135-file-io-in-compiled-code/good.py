import os

import torch
from torch import nn

VOCAB = __file__


class Reader(nn.Module):
    def __init__(self):
        super().__init__()
        with open(VOCAB) as fh:  # once, at construction
            self.first_len = len(fh.readline())

    def forward(self, x):
        # the environment and path strings are plain Python: dynamo traces them
        scale = float(os.environ.get("COMPILELINT_CL135_SCALE", "2"))
        return x * scale * self.first_len * len(os.path.join("cache", "index.pkl"))


def example():
    return Reader(), (torch.randn(2, 8),)
