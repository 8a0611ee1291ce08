"""`torch.tensor([t1, t2])` of 0-d tensors compiles; `.tolist()` of a tensor breaks."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        pair = torch.tensor([x.sum(), x.mean()])
        h = x * pair.sum()
        sizes = h.abs().long().sum(1).tolist()  # expect: CL112
        return h, sizes


def example():
    return Model(), (torch.randn(2, 3),)
