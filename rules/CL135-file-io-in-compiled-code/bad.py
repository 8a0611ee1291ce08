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


def example():
    return Reader(), (torch.randn(2, 8),)
