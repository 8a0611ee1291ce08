"""A `torch.compiler.disable`d helper: its body runs eagerly; calling it from forward is the break."""
import torch
from torch import nn


@torch.compiler.disable
def log_stats(x):
    print("mean", x.mean().item())
    return x


class Model(nn.Module):
    def forward(self, x):
        h = x * 2
        h = log_stats(h)  # expect: CL141
        return h + 1


def example():
    return Model(), (torch.randn(2, 3),)
