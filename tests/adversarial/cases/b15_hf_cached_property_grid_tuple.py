"""The patch count as a `functools.cached_property` of a Python grid tuple: arithmetic on ints, but on
Python 3.11 `cached_property.__get__` takes an RLock (`with self.lock:`), and dynamo cannot enter it
(GB0142 at the first read in forward)."""
from functools import cached_property

import torch
from torch import nn


class PatchEmbeddings(nn.Module):
    def __init__(self, hidden_size=8, grid=(2, 3)):
        super().__init__()
        self.grid = tuple(grid)
        self.proj = nn.Linear(hidden_size, hidden_size)

    @cached_property
    def num_patches(self):
        return self.grid[0] * self.grid[1]

    def forward(self, pixel_embeds):
        tokens = self.proj(pixel_embeds)
        return tokens[:, : self.num_patches]  # known-miss: CL159


def example():
    return PatchEmbeddings(), (torch.randn(1, 8, 8),)
