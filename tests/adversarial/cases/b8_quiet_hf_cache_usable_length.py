"""A dynamic cache in the hub style: per-layer tensor lists, `get_seq_length()` from a shape,
`get_max_length()` None, `get_usable_length()` doing int arithmetic, a `_seen_tokens` int counter, and a
model that offsets its positions by the cached length."""
import torch
from torch import nn


class DynamicCache:
    def __init__(self):
        self.key_cache = []
        self.value_cache = []
        self._seen_tokens = 0

    def __len__(self):
        return len(self.key_cache)

    def get_seq_length(self, layer_idx=0):
        if len(self.key_cache) <= layer_idx:
            return 0
        return self.key_cache[layer_idx].shape[-2]

    def get_max_length(self):
        return None

    def get_usable_length(self, new_seq_length, layer_idx=0):
        max_length = self.get_max_length()
        previous_seq_length = self.get_seq_length(layer_idx)
        if max_length is not None and previous_seq_length + new_seq_length > max_length:
            return max_length - new_seq_length
        return previous_seq_length

    def update(self, key_states, value_states, layer_idx):
        if layer_idx == 0:
            self._seen_tokens += key_states.shape[-2]
        if len(self.key_cache) <= layer_idx:
            self.key_cache.append(key_states)
            self.value_cache.append(value_states)
        else:
            self.key_cache[layer_idx] = torch.cat([self.key_cache[layer_idx], key_states], dim=-2)
            self.value_cache[layer_idx] = torch.cat([self.value_cache[layer_idx], value_states], dim=-2)
        return self.key_cache[layer_idx], self.value_cache[layer_idx]


class Decoder(nn.Module):
    def __init__(self, dim=4, max_positions=16):
        super().__init__()
        self.kv = nn.Linear(dim, 2 * dim)
        self.pos = nn.Embedding(max_positions, dim)

    def forward(self, hidden_states, past_key_values=None):
        seq = hidden_states.shape[-2]
        past_length = past_key_values.get_usable_length(seq) if past_key_values is not None else 0
        position_ids = torch.arange(past_length, past_length + seq)[None]
        hidden_states = hidden_states + self.pos(position_ids)
        if past_key_values is not None:
            k, v = self.kv(hidden_states).chunk(2, dim=-1)
            k, v = past_key_values.update(k, v, 0)
            hidden_states = (hidden_states @ k.transpose(-1, -2)).softmax(-1) @ v
        return hidden_states


def example():
    cache = DynamicCache()
    cache.update(torch.randn(1, 2, 4), torch.randn(1, 2, 4), 0)
    return Decoder(), (torch.randn(1, 3, 4), cache)
