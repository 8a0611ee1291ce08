import torch
from torch import nn


class Sampler(nn.Module):
    """Built in `forward` (botorch's samplers): its constructor breaks on `.item()`, so dynamo compiles the
    constructor on its own and breaks again on the module it cannot use yet."""

    def __init__(self, x):
        super().__init__()  # expect: CL145
        self.seed = int(x.sum().item())  # expect: CL111


class Lazy(nn.Module):
    def forward(self, x):
        h = nn.Linear(8, 8)(x)  # expect: CL145
        w = nn.Parameter(torch.ones(8))  # expect: CL145
        return h * w + Sampler(x).seed


def example():
    return Lazy(), (torch.randn(2, 8),)
