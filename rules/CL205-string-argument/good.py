import torch
from compilelint import Example
from torch import nn


class Pool(nn.Module):
    def __init__(self, use_sum: bool = True):
        super().__init__()
        self.use_sum = use_sum

    def forward(self, x):
        if self.use_sum:
            return x.sum(0)
        return x.amax(0)


def example():
    x = torch.randn(4, 8)
    return Example(Pool(), (x,), variants=[(torch.randn(4, 8),), (torch.randn(4, 8),)])
