import torch
from torch import nn


class Split(nn.Module):
    def forward(self, x):
        h = x + 1
        torch._dynamo.graph_break()  # expect: CL140
        return h * 2


def example():
    return Split(), (torch.randn(2, 8),)
