"""A dynamic cache whose `get_seq_length()` answers a Python int kept up to date from key shapes
(`self._seen_tokens += key.shape[-2]`); the model compares it with 0 and builds positions from it."""
import torch
from torch import nn


class DynamicCache:
    def __init__(self):
        self.key_cache = []
        self._seen_tokens = 0

    def get_seq_length(self, layer_idx=0):
        return self._seen_tokens if len(self.key_cache) > layer_idx else 0

    def update(self, key, layer_idx=0):
        if layer_idx == 0:
            self._seen_tokens += key.shape[-2]
        if len(self.key_cache) <= layer_idx:
            self.key_cache.append(key)
        else:
            self.key_cache[layer_idx] = torch.cat([self.key_cache[layer_idx], key], dim=-2)
        return self.key_cache[layer_idx]


class Decoder(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.k = nn.Linear(dim, dim)

    def forward(self, hidden, cache):
        past_seen_tokens = cache.get_seq_length()
        if past_seen_tokens > 0:
            hidden = hidden * 0.5
        positions = torch.arange(past_seen_tokens, past_seen_tokens + hidden.shape[1])
        keys = cache.update(self.k(hidden))
        return hidden @ keys.transpose(1, 2), positions


def example():
    cache = DynamicCache()
    cache.update(torch.randn(1, 2, 4))
    return Decoder(), (torch.randn(1, 2, 4), cache)
