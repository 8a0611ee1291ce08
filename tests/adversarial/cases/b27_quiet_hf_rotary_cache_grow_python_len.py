"""The growing rotary cache's twin: the cached length is a Python int grown by doubling against the input's length
(a shape), rebuilding the table when short."""
import torch
from torch import nn


class GrowingRotaryCache(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.dim = dim
        self.max_seq_len_cached = 8
        self.register_buffer("cos_cached", torch.arange(8, dtype=torch.float32).cos())

    def forward(self, x):
        n = self.max_seq_len_cached
        while n < x.size(1):
            n *= 2
        cos = torch.arange(n, dtype=torch.float32).cos() if n != self.max_seq_len_cached else self.cos_cached
        return x * cos[None, : x.size(1), None]


def example():
    return GrowingRotaryCache(), (torch.randn(2, 5, 4),)
