"""A cache that counts the tokens it has seen in a 0-d tensor (so it can live on the device): the model
builds `cache_position` with `torch.arange(past_seen, past_seen + seq_len)` from that count."""
import torch
from torch import nn


class DeviceCountingCache:
    def __init__(self):
        self.key_cache = []
        self.seen_tokens = torch.tensor(0)

    def get_seq_length(self, layer_idx=0):
        return self.seen_tokens

    def update(self, key_states, layer_idx):
        if len(self.key_cache) <= layer_idx:
            self.key_cache.append(key_states)
        else:
            self.key_cache[layer_idx] = torch.cat([self.key_cache[layer_idx], key_states], dim=-2)
        return self.key_cache[layer_idx]


class Decoder(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.k_proj = nn.Linear(dim, dim)

    def forward(self, hidden_states, past_key_values):
        past_seen = past_key_values.get_seq_length()
        cache_position = torch.arange(past_seen, past_seen + hidden_states.shape[1])  # known-miss: CL124
        keys = past_key_values.update(self.k_proj(hidden_states), 0)
        return hidden_states @ keys.transpose(-1, -2) + cache_position[None, :, None]


def example():
    cache = DeviceCountingCache()
    cache.update(torch.randn(1, 2, 4), 0)
    cache.seen_tokens += 2
    return Decoder(), (torch.randn(1, 3, 4), cache)
