import torch
from torch import nn

VOCAB = __file__


class Reader(nn.Module):
    def __init__(self):
        super().__init__()
        with open(VOCAB) as fh:  # once, at construction
            self.first_len = len(fh.readline())

    def forward(self, x):
        return x * 2 * self.first_len


def example():
    return Reader(), (torch.randn(2, 8),)
