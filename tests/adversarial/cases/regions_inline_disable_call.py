"""`torch.compiler.disable(fn)(x)` called inline in forward, and a graph_break() call."""
import torch
import torch._dynamo
from torch import nn


def host_stats(x):
    return x.sum().item()


class Model(nn.Module):
    def forward(self, x):
        h = x * 2
        s = torch.compiler.disable(host_stats)(h)  # expect: CL141
        torch._dynamo.graph_break()  # expect: CL140
        return h + s


def example():
    return Model(), (torch.randn(2, 3),)
