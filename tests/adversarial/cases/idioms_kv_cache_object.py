"""A DynamicCache-like object passed through the model: lists of tensors grow, the sequence length is
read from a tensor's shape. None of it breaks; the one `.item()` on cache_position does."""
import torch
from torch import nn


class DynamicCache:
    def __init__(self):
        self.key_cache = []
        self.value_cache = []

    def get_seq_length(self, layer_idx=0):
        if len(self.key_cache) <= layer_idx:
            return 0
        return self.key_cache[layer_idx].shape[-2]

    def update(self, key, value, layer_idx):
        if len(self.key_cache) <= layer_idx:
            self.key_cache.append(key)
            self.value_cache.append(value)
        else:
            self.key_cache[layer_idx] = torch.cat([self.key_cache[layer_idx], key], dim=-2)
            self.value_cache[layer_idx] = torch.cat([self.value_cache[layer_idx], value], dim=-2)
        return self.key_cache[layer_idx], self.value_cache[layer_idx]


class Layer(nn.Module):
    def __init__(self, idx):
        super().__init__()
        self.idx = idx
        self.qkv = nn.Linear(4, 12)

    def forward(self, x, cache):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        k, v = cache.update(k, v, self.idx)
        return (q @ k.transpose(-1, -2)).softmax(-1) @ v


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([Layer(0), Layer(1)])

    def forward(self, x, cache_position):
        cache = DynamicCache()
        past = cache.get_seq_length()
        position_ids = torch.arange(past, past + x.shape[1]).unsqueeze(0)
        for layer in self.layers:
            x = layer(x, cache)
        last = cache_position[-1].item()  # expect: CL111
        return x + position_ids.unsqueeze(-1), last


def example():
    return Model(), (torch.randn(1, 3, 4), torch.arange(3))
