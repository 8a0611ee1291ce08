import torch
from compilelint import Example
from torch import nn


class Pool(nn.Module):
    def forward(self, x, mode: str = "sum"):
        if mode == "sum":  # expect: CL205
            return x.sum(0)
        return x.amax(0)


def example():
    x = torch.randn(4, 8)
    return Example(Pool(), (x, "sum"), variants=[(x, "max"), (x, "mean")])
