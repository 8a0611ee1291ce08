"""A dynamic key/value cache object (`update`, `get_seq_length`) threaded through attention layers."""
import torch
from torch import nn


class DynamicCache:
    def __init__(self):
        self.key_cache = []
        self.value_cache = []

    def __len__(self):
        return len(self.key_cache)

    def update(self, key_states, value_states, layer_idx, cache_kwargs=None):
        if len(self.key_cache) <= layer_idx:
            self.key_cache.append(key_states)
            self.value_cache.append(value_states)
        else:
            self.key_cache[layer_idx] = torch.cat([self.key_cache[layer_idx], key_states], dim=-2)
            self.value_cache[layer_idx] = torch.cat([self.value_cache[layer_idx], value_states], dim=-2)
        return self.key_cache[layer_idx], self.value_cache[layer_idx]

    def get_seq_length(self, layer_idx=0):
        if len(self.key_cache) <= layer_idx:
            return 0
        return self.key_cache[layer_idx].shape[-2]


class Attention(nn.Module):
    def __init__(self, layer_idx, dim=8):
        super().__init__()
        self.layer_idx = layer_idx
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, hidden_states, past_key_value=None):
        query, key, value = self.qkv(hidden_states).chunk(3, dim=-1)
        if past_key_value is not None:
            key, value = past_key_value.update(key, value, self.layer_idx)
        attn = torch.softmax(query @ key.transpose(-1, -2), dim=-1)
        return attn @ value


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Attention(i) for i in range(2)])

    def forward(self, inputs_embeds, past_key_values=None, use_cache=True):
        if use_cache and past_key_values is None:
            past_key_values = DynamicCache()
        past_seen_tokens = past_key_values.get_seq_length() if past_key_values is not None else 0
        cache_position = torch.arange(past_seen_tokens, past_seen_tokens + inputs_embeds.shape[1])
        hidden_states = inputs_embeds
        for layer in self.layers:
            hidden_states = layer(hidden_states, past_key_value=past_key_values)
        return hidden_states, cache_position, len(past_key_values)


def example():
    return Decoder(), (torch.randn(1, 3, 8),)
