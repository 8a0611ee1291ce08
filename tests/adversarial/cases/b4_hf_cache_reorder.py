"""A cache object passed to forward: appending per layer and reading seq lengths from shapes compiles;
reading the past length as `int(cache_position[0])` and deep-copying the legacy tuple of tensors break."""
import copy

import torch
from torch import nn


class DynamicCache:
    def __init__(self):
        self.key_cache = []
        self.value_cache = []
        self._seen_tokens = 0

    def __len__(self):
        return len(self.key_cache)

    def update(self, key_states, value_states, layer_idx):
        if layer_idx == 0:
            self._seen_tokens += key_states.shape[-2]
        if len(self.key_cache) <= layer_idx:
            for _ in range(len(self.key_cache), layer_idx):
                self.key_cache.append([])
                self.value_cache.append([])
            self.key_cache.append(key_states)
            self.value_cache.append(value_states)
        else:
            self.key_cache[layer_idx] = torch.cat([self.key_cache[layer_idx], key_states], dim=-2)
            self.value_cache[layer_idx] = torch.cat([self.value_cache[layer_idx], value_states], dim=-2)
        return self.key_cache[layer_idx], self.value_cache[layer_idx]

    def get_seq_length(self, layer_idx=0):
        is_empty_layer = len(self.key_cache) == 0 or len(self.key_cache) <= layer_idx
        return self.key_cache[layer_idx].shape[-2] if not is_empty_layer else 0

    def to_legacy_cache(self):
        return tuple((self.key_cache[i].detach(), self.value_cache[i].detach()) for i in range(len(self)))


class Layer(nn.Module):
    def __init__(self, idx, dim=8):
        super().__init__()
        self.layer_idx = idx
        self.kv = nn.Linear(dim, 2 * dim)

    def forward(self, hidden, cache):
        k, v = self.kv(hidden).chunk(2, dim=-1)
        k, v = cache.update(k, v, self.layer_idx)
        return hidden + v[:, -hidden.shape[1]:]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Layer(i) for i in range(2)])

    def forward(self, hidden, cache, cache_position):
        past_seen_tokens = cache.get_seq_length()
        first_position = int(cache_position[0])  # expect: CL111
        for layer in self.layers:
            hidden = layer(hidden, cache)
        legacy = copy.deepcopy(cache.to_legacy_cache())  # known-miss: CL144
        return hidden, legacy, past_seen_tokens + first_position


def example():
    return Model(), (torch.randn(1, 3, 8), DynamicCache(), torch.arange(3))
