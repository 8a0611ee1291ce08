"""`torch.jit.is_scripting()` is False under dynamo: its body is never traced; `is_tracing` likewise."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        if torch.jit.is_scripting():
            x = x * x.max().item()
        if not torch.jit.is_scripting():
            x = x + 1
        if torch.jit.is_tracing():
            print("tracing")
        return x


def example():
    return Model(), (torch.randn(2, 3),)
