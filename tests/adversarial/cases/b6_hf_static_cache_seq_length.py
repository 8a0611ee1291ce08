"""A static (preallocated) KV cache answers get_seq_length() by counting the non-empty slots of its first
layer: a 0-dim tensor. The decoder uses it as the start of `torch.arange` for the cache positions."""
import torch
from torch import nn


class StaticCache:
    def __init__(self, batch, max_len, dim):
        self.key_cache = [torch.zeros(batch, max_len, dim)]
        self.value_cache = [torch.zeros(batch, max_len, dim)]

    def get_seq_length(self, layer_idx=0):
        return self.key_cache[layer_idx][0].any(dim=-1).sum()

    def update(self, key, value, cache_position, layer_idx=0):
        self.key_cache[layer_idx].index_copy_(1, cache_position, key)
        self.value_cache[layer_idx].index_copy_(1, cache_position, value)
        return self.key_cache[layer_idx], self.value_cache[layer_idx]


class Decoder(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, inputs_embeds, past_key_values):
        past_seen_tokens = past_key_values.get_seq_length() if past_key_values is not None else 0
        cache_position = torch.arange(past_seen_tokens, past_seen_tokens + inputs_embeds.shape[1])  # known-miss: CL124
        k, v = past_key_values.update(self.proj(inputs_embeds), inputs_embeds, cache_position)
        return (k.sum(1) + v.sum(1)), cache_position


def example():
    cache = StaticCache(1, 6, 4)
    cache.key_cache[0][:, :2] = 1.0
    decoder = Decoder()
    return (lambda x: decoder(x, cache)), (torch.randn(1, 2, 4),)
