import torch
from torch import nn

torch._dynamo.config.trace_numpy = False


class Squash(nn.Module):
    def forward(self, x):
        return torch.tanh(x) * 2


def example():
    return Squash(), (torch.randn(3, 3),)
