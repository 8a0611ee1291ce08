"""Breaks inside a generator function and comprehensions that run in the compiled frame."""
import torch
from torch import nn


def halves_as_floats(x):
    first, second = x.chunk(2)
    yield first.sum().item()  # expect: CL111
    yield second.sum()


def chunk_sums(x, n):
    for part in x.chunk(n):
        yield part.sum()


class Model(nn.Module):
    def forward(self, x, lengths):
        sums = torch.stack(list(chunk_sums(x, 2)))
        widths = [w * 2 for w in range(x.size(0))]
        as_ints = [int(v) for v in lengths]  # expect: CL111
        total = sum(halves_as_floats(x))
        return sums, widths, total, as_ints


def example():
    return Model(), (torch.randn(4, 3), torch.tensor([1, 2]))
