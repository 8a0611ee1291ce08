"""The same cache object with its token counter kept as a Python int (the shape it was updated with): the position
ids come from `torch.arange(past_len, past_len + seq_len)` of Python numbers."""
import torch
from torch import nn


class CounterCache:
    def __init__(self):
        self.key_cache = []
        self._seen_tokens = 0

    def update(self, key_states, layer_idx):
        if layer_idx == 0:
            self._seen_tokens += key_states.shape[-2]  # known-fp: CL201
        if len(self.key_cache) <= layer_idx:
            self.key_cache.append(key_states)  # known-fp: CL203
        else:
            self.key_cache[layer_idx] = torch.cat([self.key_cache[layer_idx], key_states], dim=-2)
        return self.key_cache[layer_idx]

    def get_seq_length(self):
        return self._seen_tokens


class LearnedPositions(nn.Module):
    def __init__(self, n=64, d=8):
        super().__init__()
        self.embed_positions = nn.Embedding(n, d)
        self.proj = nn.Linear(d, d)

    def forward(self, hidden, past_key_values=None):
        if past_key_values is None:
            past_key_values = CounterCache()
            past_key_values.update(hidden[:, None], 0)
        past_len = past_key_values.get_seq_length()
        seq_len = hidden.shape[1]
        positions = torch.arange(past_len, past_len + seq_len)
        return self.proj(hidden + self.embed_positions(positions))


def example():
    return LearnedPositions(), (torch.randn(2, 3, 8),)
