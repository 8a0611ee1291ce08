"""A static cache whose `get_seq_length()` counts the filled slots of layer 0 (a tensor, as static caches
do), and a model that builds its causal mask only when something is already cached: `if past_seen > 0`."""
import torch
from torch import nn


class StaticCache:
    def __init__(self, batch, max_len, dim):
        self.keys = [torch.zeros(batch, max_len, dim)]

    def get_seq_length(self, layer_idx=0):
        return (self.keys[layer_idx][0].any(dim=-1)).sum()

    def update(self, key, layer_idx=0):
        start = self.get_seq_length(layer_idx)
        positions = torch.arange(key.shape[1]) + start
        self.keys[layer_idx].index_copy_(1, positions, key)
        return self.keys[layer_idx]


class CacheMaskMixin:
    def _past_length(self, cache):
        return cache.get_seq_length() if cache is not None else 0


class Decoder(CacheMaskMixin, nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.k = nn.Linear(dim, dim)

    def forward(self, hidden, cache):
        past_seen = self._past_length(cache)
        if past_seen > 0:  # known-miss: CL101
            hidden = hidden * 0.5
        keys = cache.update(self.k(hidden))
        return hidden @ keys.transpose(1, 2)


def example():
    cache = StaticCache(1, 6, 4)
    cache.keys[0][:, :2] = 1.0
    return Decoder(), (torch.randn(1, 2, 4), cache)
