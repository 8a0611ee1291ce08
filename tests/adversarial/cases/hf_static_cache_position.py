"""A static cache whose `get_seq_length` returns a tensor: the cache position built from it."""
import torch
from torch import nn


class StaticCache(nn.Module):
    def __init__(self, max_cache_len=8, dim=4):
        super().__init__()
        self.register_buffer("key_cache", torch.zeros(1, 1, max_cache_len, dim))
        self.register_buffer("value_cache", torch.zeros(1, 1, max_cache_len, dim))

    def update(self, key_states, value_states, cache_position):
        self.key_cache.index_copy_(2, cache_position, key_states)
        self.value_cache.index_copy_(2, cache_position, value_states)
        return self.key_cache, self.value_cache

    def get_seq_length(self):
        return (self.key_cache[0, 0].any(dim=-1)).sum()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.cache = StaticCache()

    def forward(self, inputs_embeds, cache_position=None):
        if cache_position is None:
            past_seen_tokens = self.cache.get_seq_length()
            cache_position = torch.arange(past_seen_tokens, past_seen_tokens + inputs_embeds.shape[1])  # expect: CL124
        states = self.proj(inputs_embeds)[:, None]
        key, value = self.cache.update(states, states, cache_position)
        return key.sum() + value.sum(), cache_position


def example():
    return Model(), (torch.randn(1, 2, 4),)
