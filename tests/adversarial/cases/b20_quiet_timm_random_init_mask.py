"""A token-dropping layer draws its fixed keep pattern with `random.Random(seed)` in `__init__` and stores it as
a buffer; forward only indexes with it."""
import random

import torch
from torch import nn


class FixedTokenDrop(nn.Module):
    def __init__(self, num_tokens=6, keep=4, seed=0):
        super().__init__()
        rng = random.Random(seed)
        keep_idx = sorted(rng.sample(range(num_tokens), keep))
        self.register_buffer("keep_idx", torch.tensor(keep_idx))

    def forward(self, x):
        return x.index_select(1, self.keep_idx)


class Encoder(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.drop = FixedTokenDrop()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.proj(self.drop(x))


def example():
    return Encoder(), (torch.randn(2, 6, 4),)
