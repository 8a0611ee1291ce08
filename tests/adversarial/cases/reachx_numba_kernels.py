"""A retrieval layer that walks a suffix table with numba kernels (rosa-torch's stateful candidate backend): the
forward hands numpy copies of its tensors to an `@njit` kernel, through a helper to a `@numba.jit(nopython=True)`
kernel, and to a `@vectorize` ufunc. Dynamo cannot trace a numba dispatcher: each call breaks on its own line (GB0156;
the ufunc GB0006), and nothing inside the kernels is traced, so their `int(...)` of array items and tests on them are
not breaks. Needs numba (tests/adversarial/test_adversarial.py skips its dynamo run where it is not installed)."""
import numba
import numpy as np
import torch
from numba import njit, vectorize
from torch import nn


@njit(cache=False, nogil=True)
def longest_match(parent, tokens):
    node = 0
    for i in range(tokens.shape[0]):
        nxt = int(parent[node])
        if parent[nxt] == tokens[i]:
            node = nxt
    return node


@numba.jit(nopython=True)
def count_hits(table, limit):
    hits = 0
    for value in table:
        if value > limit:
            hits += 1
    return hits


@vectorize(["float64(float64)"])
def squash(value):
    return value / (1.0 + abs(value))


def table_hits(scores):
    table = scores.detach().numpy().astype(np.float64).ravel()
    return count_hits(table, 0.5)  # expect: CL153


class SuffixRetrieval(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.register_buffer("parent", torch.tensor([1, 2, 0, 1]))

    def forward(self, x, tokens):
        h = self.proj(x)
        node = longest_match(self.parent.numpy(), tokens.numpy())  # expect: CL153
        hits = table_hits(h)
        gate = squash(np.ones(2))  # expect: CL153
        return h * (node + hits) + torch.from_numpy(gate).sum()


def example():
    return SuffixRetrieval(), (torch.randn(2, 4), torch.tensor([1, 2, 0]))
