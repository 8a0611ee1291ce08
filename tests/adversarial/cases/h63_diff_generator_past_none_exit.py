"""A sampler's noise helper that returns early without a generator (ecgen's processes.base.randn, held-out group 63):
past `if generator is None: return ...` only a torch.Generator reaches `torch.randn(..., generator=...)`, and dynamo
breaks there (GB0055) whoever made it: here the user, who hands one to the compiled sampler. The helper without that
exit runs with None here and compiles, and so does the early exit's own draw."""
import torch
from torch import nn


def randn(shape, generator=None):
    if generator is None:
        return torch.randn(shape)
    return torch.randn(shape, generator=generator)  # expect: CL134


def maybe_seeded(shape, generator=None):
    return torch.randn(shape, generator=generator)


class Sampler(nn.Module):
    def forward(self, x, generator=None):
        unseeded = randn(x.shape)
        return x + unseeded + maybe_seeded(x.shape) + randn(x.shape, generator)


def example():
    return Sampler(), (torch.randn(2, 3), torch.Generator().manual_seed(0))
