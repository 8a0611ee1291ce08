"""A decoder given a cache object: the flag read from it (a property, an attribute, a method no tensor has) is a
Python bool, whatever the cache is."""
import torch
from torch import nn


class KVCache:
    def __init__(self, enabled):
        self._enabled = enabled
        self.offset = 0

    @property
    def is_active(self):
        return self._enabled

    def wants_update(self):
        return self._enabled


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x, cache):
        h = self.proj(x)
        active = cache.is_active
        if active:
            h = h + 1
        if not cache.wants_update():
            h = h * 2
        use_offset = cache.offset > 0
        h = h - 1 if use_offset else h
        return h


def example():
    return Decoder(), (torch.randn(2, 4), KVCache(False))
